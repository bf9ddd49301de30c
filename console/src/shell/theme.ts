import { defaultTheme, type RaThemeOptions } from 'react-admin';

/** Blue-black, the product's default theme (SPEC.md §9), with a solar amber accent. */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    primary: { main: '#0b5fa5', dark: '#0b3b60', light: '#3f8ad0', contrastText: '#fff' },
    secondary: { main: '#0b3b60', contrastText: '#fff' },
    warning: { main: '#f5a623' },
    background: { default: '#f3f6fa' },
  },
  shape: { borderRadius: 6 },
  typography: {
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', sans-serif",
  },
  sidebar: { width: 200, closedWidth: 55 },
  components: {
    ...defaultTheme.components,
    RaAppBar: { styleOverrides: { root: { '& .RaAppBar-toolbar': { background: '#0b3b60' } } } },
  },
};
