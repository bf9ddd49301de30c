import { useLocaleState, useRecordContext, type FieldProps } from 'react-admin';
import { Typography } from '@mui/material';
import { formatDateTime as chinaDateTime, formatDay, type Lang } from '@pv/contract';

export type { Labels } from '@pv/contract';

/** The current UI language as the contract's Lang. */
export function useLang(): Lang {
  const [locale] = useLocaleState();
  return locale?.startsWith('en') ? 'en' : 'zh';
}

/**
 * A moment as people read it here: `YYYY-MM-DD HH:mm` in China time whatever the browser's zone, in
 * both languages (the contract's formatter, which the exports and generated documents use too).
 */
export const formatDateTime = (value: string | null | undefined, _lang?: Lang) => chinaDateTime(value) ?? '';

/**
 * A record's date or moment (react-admin's DateField follows the browser's zone and locale): `YYYY-MM-DD`,
 * with `showTime` `YYYY-MM-DD HH:mm`, China time.
 */
export const LocalDateField = ({ source, showTime, emptyText }: FieldProps & { source: string; showTime?: boolean; emptyText?: string }) => {
  const record = useRecordContext();
  const value = record?.[source] as string | null | undefined;
  const text = showTime ? chinaDateTime(value) : formatDay(value);
  return (
    <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap' }}>
      {text ?? emptyText ?? ''}
    </Typography>
  );
};
