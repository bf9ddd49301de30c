import polyglotI18nProvider from 'ra-i18n-polyglot';
import { parseMessage, type Lang } from '@pv/contract';
import zh from '../i18n/zh.ts';

/**
 * zh-CN is the default and ships with the login page; English is fetched when chosen. The choice is
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

const base = polyglotI18nProvider(
  (locale) => (locale === 'en' ? import('../i18n/en.ts').then((m) => m.default) : zh),
  DEFAULT_LOCALE,
  LOCALES,
  { allowMissing: true },
);

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
