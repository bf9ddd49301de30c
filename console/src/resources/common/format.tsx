import { DateField, useLocaleState, type DateFieldProps } from 'react-admin';
import type { Lang } from '@pv/contract';

/** The current UI language as the contract's Lang. */
export function useLang(): Lang {
  const [locale] = useLocaleState();
  return locale?.startsWith('en') ? 'en' : 'zh';
}

export const formatDateTime = (value: string | null | undefined, lang: Lang) => {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  return d.toLocaleString(lang === 'en' ? 'en-GB' : 'zh-CN', { hour12: false });
};

/** A date in the UI language's format (react-admin's DateField follows the browser's locale otherwise). */
export const LocalDateField = (props: DateFieldProps) => {
  const lang = useLang();
  return (
    <DateField
      {...props}
      locales={lang === 'en' ? 'en-GB' : 'zh-CN'}
      options={props.options ?? (props.showTime ? { hour12: false, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' } : undefined)}
    />
  );
};

/** Anything with labels per language: the contract's labelled enums. */
export interface Labels {
  label(value: string | null | undefined, lang: Lang): string;
}
