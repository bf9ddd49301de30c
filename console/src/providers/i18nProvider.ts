import polyglotI18nProvider from 'ra-i18n-polyglot';
import { parseMessage, type Lang } from '@pv/contract';
import zhLogin from '../i18n/zh-login.ts';

/**
 * zh-CN is the default: the login page ships its part (i18n/zh-login.ts), the whole catalogue loads
 * with the first screen after sign-in (loadFullCatalogue); English is fetched when chosen. The choice is
 * persisted by react-admin's store (localStorage 'RaStore.locale') and restored on the next visit.
 */
export const LOCALES = [
  { locale: 'zh-CN', name: '简体中文' },
  { locale: 'en', name: 'English' },
];
export const DEFAULT_LOCALE = 'zh-CN';

let currentLocale = DEFAULT_LOCALE;

/** The language the API client asks the server to answer in (Accept-Language). */
export const currentLang = (): Lang => (currentLocale.startsWith('en') ? 'en' : 'zh');

/** the whole zh-CN catalogue, once loaded */
let zhFull: typeof zhLogin | null = null;

const base = polyglotI18nProvider(
  (locale) => (locale === 'en' ? import('../i18n/en.ts').then((m) => m.default) : (zhFull ?? zhLogin)),
  DEFAULT_LOCALE,
  LOCALES,
  { allowMissing: true },
);

let loadingFull: Promise<void> | null = null;

/**
 * Loads the whole zh-CN catalogue (once; again after a failure) and, when zh-CN is shown, puts it in
 * place. Every lazy screen waits for it (shell/errorLog/lazyView.tsx), and so does the shell.
 */
export function loadFullCatalogue(): Promise<void> {
  loadingFull ??= import('../i18n/zh.ts').then(
    async (m) => {
      zhFull = m.default;
      if (!base.getLocale().startsWith('en')) await base.changeLocale(base.getLocale());
    },
    (err: unknown) => {
      loadingFull = null;
      throw err;
    },
  );
  return loadingFull;
}

export const i18nProvider = {
  ...base,
  changeLocale: async (locale: string, options?: unknown) => {
    await base.changeLocale(locale, options);
    currentLocale = locale;
  },
  getLocale: () => base.getLocale(),
};

/**
 * A contract message ('validation.phone', 'validation.too_long|100') in the current language, through
 * react-admin's translate; anything else is shown as it is.
 */
export function translateMessage(translate: (key: string, options?: any) => string, message: string): string {
  const { key, params } = parseMessage(message);
  return translate(`pv.msg.${key}`, { ...params, _: message });
}
