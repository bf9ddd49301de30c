import { defaultTheme, type RaThemeOptions } from 'react-admin';
import type { ShellState, ThemeName } from '../settings/store.ts';
import { appConfig } from '../../config.ts';

/**
 * The nine themes of SPEC.md §9: a primary colour × a dark ("-black") or light ("-white") menu, and
 * 'ocean' (blue primary, a blue-green gradient menu). buildTheme gives the MUI/react-admin theme every
 * screen uses; menuPalette gives the colours the shell's menus are drawn with. Both pure.
 */
export type Hue = 'blue' | 'green' | 'purple' | 'red';

/**
 * Each hue's main shade carries white text (buttons, the highlighted menu item) and is itself text on
 * white and on the page's grey (links, text buttons, outlined chips): at least 4.5:1 both ways
 * (WCAG 2.1 AA; console/test/theme-contrast.test.ts checks all nine themes).
 */
export const HUES: Record<Hue, { main: string; dark: string; light: string }> = {
  blue: { main: '#1565d8', dark: '#0b4fb3', light: '#69b1ff' },
  green: { main: '#0b7d45', dark: '#096337', light: '#52c98a' },
  purple: { main: '#7b4fe0', dark: '#5b2fc0', light: '#a98bf0' },
  red: { main: '#c9363b', dark: '#a51d22', light: '#f08a8d' },
};

/** The keyboard focus ring: an outline in the dark shade, a white ring in the gap inside it. */
export const focusRing = (dark: string) => ({ outline: `2px solid ${dark}`, outlineOffset: 2, boxShadow: '0 0 0 2px #fff' });

export interface ThemeParts {
  hue: Hue;
  menu: 'dark' | 'light' | 'gradient';
}

export function themeParts(name: ThemeName): ThemeParts {
  if (name === 'ocean') return { hue: 'blue', menu: 'gradient' };
  const [hue, tone] = name.split('-') as [Hue, 'black' | 'white'];
  return { hue, menu: tone === 'black' ? 'dark' : 'light' };
}

export interface MenuPalette {
  /** CSS background of the menu (colour or gradient, with the vab-background image when chosen) */
  background: string;
  /** the menu's base colour, for surfaces that need a plain colour (pop-outs) */
  surface: string;
  text: string;
  textMuted: string;
  hover: string;
  activeBg: string;
  activeText: string;
  /** the 64 px column rail */
  rail: string;
  divider: string;
  /** whether the menu is dark (white logo text) */
  dark: boolean;
}

/** A subtle generated pattern for the 'vab-background' menu background (an inline SVG, nothing downloaded). */
export function vabBackgroundImage(dark: boolean): string {
  const stroke = dark ? 'rgba(255,255,255,0.06)' : 'rgba(22,119,255,0.08)';
  const glow = dark ? 'rgba(255,255,255,0.10)' : 'rgba(22,119,255,0.10)';
  const w = appConfig.leftMenuWidth;
  const svg =
    `<svg xmlns='http://www.w3.org/2000/svg' width='${w}' height='600' viewBox='0 0 ${w} 600'>` +
    `<defs><radialGradient id='g' cx='0.2' cy='0.1' r='0.9'><stop offset='0' stop-color='${glow}'/><stop offset='1' stop-color='rgba(0,0,0,0)'/></radialGradient></defs>` +
    `<rect width='${w}' height='600' fill='url(#g)'/>` +
    Array.from({ length: 9 }, (_, i) => `<path d='M${-200 + i * 60} 600 Q ${-40 + i * 60} 420 ${90 + i * 60} 0' stroke='${stroke}' fill='none' stroke-width='1.2'/>`).join('') +
    `</svg>`;
  return `url("data:image/svg+xml,${encodeURIComponent(svg)}")`;
}

export function menuPalette(name: ThemeName, background: 'none' | 'vab-background' = 'none'): MenuPalette {
  const { hue, menu } = themeParts(name);
  const c = HUES[hue];
  let p: MenuPalette;
  if (menu === 'gradient') {
    p = {
      // deep enough at every stop for the menu's text (4.5:1)
      background: 'linear-gradient(180deg, #0b4f8a 0%, #0b6a7e 55%, #0a7064 100%)',
      surface: '#0b5f84',
      text: 'rgba(255,255,255,0.9)',
      textMuted: 'rgba(255,255,255,0.82)',
      hover: 'rgba(255,255,255,0.10)',
      activeBg: 'rgba(0,0,0,0.28)',
      activeText: '#ffffff',
      rail: 'rgba(0,0,0,0.16)',
      divider: 'rgba(255,255,255,0.14)',
      dark: true,
    };
  } else if (menu === 'dark') {
    p = {
      background: '#1f2430',
      surface: '#1f2430',
      text: 'rgba(255,255,255,0.82)',
      textMuted: 'rgba(255,255,255,0.55)',
      hover: 'rgba(255,255,255,0.08)',
      activeBg: c.main,
      activeText: '#ffffff',
      rail: '#171b24',
      divider: 'rgba(255,255,255,0.08)',
      dark: true,
    };
  } else {
    p = {
      background: '#ffffff',
      surface: '#ffffff',
      text: 'rgba(0,0,0,0.82)',
      textMuted: 'rgba(0,0,0,0.55)',
      hover: 'rgba(0,0,0,0.04)',
      activeBg: `${c.main}1f`,
      // the main shade on its own tint is just under 4.5:1: the dark one reads
      activeText: c.dark,
      rail: '#f2f4f7',
      divider: 'rgba(0,0,0,0.08)',
      dark: false,
    };
  }
  if (background === 'vab-background') p = { ...p, background: `${vabBackgroundImage(p.dark)} left top / 100% auto no-repeat, ${p.background}` };
  return p;
}

/** The menu palette of the settings: the menu background image is off for the float and horizontal layouts (SPEC.md §5). */
export const paletteOf = (s: Pick<ShellState, 'themeName' | 'background' | 'layout'>): MenuPalette =>
  menuPalette(s.themeName, s.layout === 'float' || s.layout === 'horizontal' ? 'none' : s.background);

const FONT =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', sans-serif";

/** The react-admin (MUI) theme of a theme name: lists, forms, buttons, dialogs and links follow its primary colour. */
export function buildTheme(name: ThemeName): RaThemeOptions {
  const { hue } = themeParts(name);
  const c = HUES[hue];
  return {
    ...defaultTheme,
    palette: {
      mode: 'light',
      primary: { main: c.main, dark: c.dark, light: c.light, contrastText: '#fff' },
      secondary: { main: c.dark, contrastText: '#fff' },
      // MUI's default amber and light blue are under 4.5:1 as chip text on white and the page grey
      warning: { main: '#9a5b00', contrastText: '#fff' },
      info: { main: '#0069a8', contrastText: '#fff' },
      background: { default: '#f3f5f8' },
    },
    shape: { borderRadius: 6 },
    typography: { fontFamily: FONT },
    sidebar: { width: appConfig.leftMenuWidth, closedWidth: appConfig.foldedMenuWidth },
    components: {
      ...defaultTheme.components,
      MuiAppBar: { defaultProps: { color: 'primary' } },
      // the keyboard's focus, plainly visible on every button, menu entry, chip, tab and link: a dark ring
      // over a white one, seen on the white pages and on the dark menus alike (WCAG 2.4.7); the mouse's
      // focus draws none (MUI marks keyboard focus only)
      MuiButtonBase: { styleOverrides: { root: { '&.Mui-focusVisible': focusRing(c.dark) } } },
      MuiLink: { styleOverrides: { root: { '&:focus-visible': focusRing(c.dark) } } },
      // an unselected toggle's text is grey (action.active, 4.47:1 on the page grey): a step darker;
      // a selected primary one is the main shade on its own tint (4.4:1): the dark shade
      MuiToggleButton: { styleOverrides: { root: { color: 'rgba(0, 0, 0, 0.66)', '&.Mui-selected.MuiToggleButton-primary': { color: c.dark } } } },
      // a list takes its page's width, never its table's: the table fits it (ListDatagrid collapses columns)
      // repeated rows (checklists, invoice lines, contacts): the fields of a row wrap onto a second line
      // instead of squeezing or running past the form; a row's remove / move buttons, shown on hover,
      // show to the keyboard too
      RaSimpleFormIterator: {
        styleOverrides: {
          root: {
            '& .RaSimpleFormIterator-form': { flexWrap: 'wrap' },
            '& .RaSimpleFormIterator-line:focus-within > .RaSimpleFormIterator-action': { visibility: 'visible' },
          },
        },
      },
      // a form's toolbar is grey 300 by default, where the red of 删除 is 3.8:1: grey 100 keeps 4.5:1
      RaToolbar: { styleOverrides: { root: { backgroundColor: '#f5f5f5' } } },
      RaList: {
        styleOverrides: {
          root: {
            minWidth: 0,
            width: '100%',
            '& .RaList-main, & .RaList-content': { minWidth: 0 },
            // the filters keep room for a row of fields: where a list's actions (long in English) would
            // leave them less, the actions wrap below, at the right, instead of squeezing every filter
            // onto a line of its own (from md up; below it react-admin stacks the two already)
            '@media (min-width: 900px)': { '& .RaList-actions': { flexWrap: 'wrap', '& > form': { flex: '1 1 480px' }, '& > :last-child': { marginLeft: 'auto' } } },
          },
        },
      },
    },
  };
}
