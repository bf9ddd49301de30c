import englishMessages from 'ra-language-english';
import { messages } from '@pv/contract';
import { appEn } from './app-en.ts';
import { areasEn } from './areas/index.ts';
import { mergeCatalogues } from './merge.ts';

/** The English catalogue: ra-language-english plus the app's keys and the contract's messages. */
const en = mergeCatalogues<typeof englishMessages & typeof appEn>(englishMessages, appEn, ...areasEn, {
  ra: {
    ...englishMessages.ra,
    // react-admin's NotFound page appends '.' itself (link..)
    message: { ...englishMessages.ra.message, not_found: 'Either you typed a wrong URL, or you followed a bad link' },
    // only a broad keyword's list pages without a total (KEYWORD_COUNT_CAP in the contract)
    navigation: { ...englishMessages.ra.navigation, partial_page_range_info: '%{offsetBegin}-%{offsetEnd} of more than 1,000' },
  },
  pv: { msg: { ...messages.en } },
});
export default en;
