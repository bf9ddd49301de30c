import { messages } from '@pv/contract';
import { raZh } from './ra-zh.ts';
import { appZh } from './app-zh.ts';
import { areasZh } from './areas/index.ts';
import { mergeCatalogues } from './merge.ts';

/** The complete zh-CN catalogue: every react-admin key (ra.*), the app's keys, and the contract's messages under pv.msg. */
const zh = mergeCatalogues<typeof raZh & typeof appZh>(raZh, appZh, ...areasZh, { pv: { msg: { ...messages.zh } } });
export default zh;
