import { AUTH_MESSAGES } from '@pv/contract';
import { raZh } from './ra-zh.ts';
import { appZh } from './app-zh.ts';
import * as route from './areas/route.ts';
import * as shell from './areas/shell.ts';
import * as auth from './areas/auth.ts';
import * as tabs from './areas/tabs.ts';
import { mergeCatalogues } from './merge.ts';

/**
 * The part of the zh-CN catalogue the login page needs: react-admin's keys, the app's base keys
 * (notifications), route titles, the shell's and sign-in texts, the chunk-load error (tabs area: it
 * is shown when the rest fails to load) and the contract's sign-in messages (AUTH_MESSAGES; its
 * whole catalogue, some 60 KB of zh and en, comes with zh.ts). The rest (zh.ts: every
 * screen's area) loads with the first screen after sign-in (providers/i18nProvider.ts
 * loadFullCatalogue), so the login page does not download it.
 */
const zhLogin = mergeCatalogues<typeof raZh & typeof appZh>(raZh, appZh, route.zh, shell.zh, auth.zh, tabs.zh, { pv: { msg: { ...AUTH_MESSAGES.zh } } });
export default zhLogin;
