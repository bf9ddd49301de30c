import { useMemo, type ReactNode } from 'react';
import { useLocaleState } from 'react-admin';
import { ThemeProvider, createTheme, type Theme } from '@mui/material/styles';
import { enUS, zhCN } from '@mui/material/locale';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { enUS as pickersEnUS, zhCN as pickersZhCN } from '@mui/x-date-pickers/locales';
import 'dayjs/locale/zh-cn';

/**
 * MUI X's zh texts, with the empty field reading 年-月-日 时:分 as the browser's own zh date input does
 * (MUI's zhCN keeps YYYY-MM-DD, Latin letters on a Chinese page).
 */
const zhLocaleText = pickersZhCN.components.MuiLocalizationProvider.defaultProps.localeText;
const pickersZh = {
  components: {
    MuiLocalizationProvider: {
      defaultProps: {
        localeText: { ...zhLocaleText, fieldYearPlaceholder: () => '年', fieldMonthPlaceholder: () => '月', fieldDayPlaceholder: () => '日', fieldHoursPlaceholder: () => '时', fieldMinutesPlaceholder: () => '分' },
      },
    },
  },
};

/**
 * MUI's own texts in the UI language: the Autocomplete's "No options" / "Loading…" / clear and open
 * buttons, an Alert's close button, TablePagination and Breadcrumbs (MUI's locale objects, merged into
 * the theme react-admin built from the theme drawer's choice), and the date pickers' (forms/DateInputs.tsx):
 * their buttons and labels from MUI X's locale texts in the same theme, month and weekday names and the
 * week's first day from day.js's locale (zh-cn: 一 … 日, Monday first). react-admin's own texts (its
 * pagination, buttons, notifications) come from the catalogues.
 */
export const LocaleTheme = ({ children }: { children: ReactNode }) => {
  const [locale] = useLocaleState();
  const en = locale?.startsWith('en') ?? false;
  const theme = useMemo(() => (outer: Theme) => createTheme(outer, en ? enUS : zhCN, en ? pickersEnUS : pickersZh), [en]);
  return (
    <ThemeProvider theme={theme}>
      <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={en ? 'en' : 'zh-cn'}>
        {children}
      </LocalizationProvider>
    </ThemeProvider>
  );
};
