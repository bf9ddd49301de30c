import { messages } from '@pv/contract';
import { raZh } from './ra-zh.ts';
import { appZh } from './app-zh.ts';

/** The complete zh-CN catalogue: every react-admin key (ra.*), the app's keys, and the contract's messages under pv.msg. */
const zh = {
  ...raZh,
  ...appZh,
  pv: { ...appZh.pv, msg: { ...messages.zh } },
};
export default zh;
