import englishMessages from 'ra-language-english';
import { messages } from '@pv/contract';
import { appEn } from './app-en.ts';

/** The English catalogue: ra-language-english plus the app's keys and the contract's messages. */
const en = {
  ...englishMessages,
  ...appEn,
  pv: { ...appEn.pv, msg: { ...messages.en } },
};
export default en;
