import { describe, expect, it } from 'vitest';
import { createTheme } from '@mui/material/styles';
import { THEME_NAMES } from '../src/shell/settings/store.ts';
import { buildTheme, menuPalette } from '../src/shell/themes/buildTheme.ts';

/** WCAG 2.1 relative luminance and contrast ratio; rgba colours are laid over their background first. */
const channels = (c: string): [number, number, number, number] => {
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(c);
  if (short) return [...short.slice(1).map((h) => parseInt(h + h, 16)), 1] as [number, number, number, number];
  const hex = /^#([0-9a-f]{6})([0-9a-f]{2})?$/i.exec(c);
  if (hex) return [...[0, 2, 4].map((i) => parseInt(hex[1]!.slice(i, i + 2), 16)), hex[2] ? parseInt(hex[2], 16) / 255 : 1] as [number, number, number, number];
  const m = /^rgba?\(([^)]+)\)$/.exec(c);
  if (!m) throw new Error(`not a colour: ${c}`);
  const [r, g, b, a = '1'] = m[1]!.split(',').map((s) => s.trim());
  return [Number(r), Number(g), Number(b), Number(a)];
};
type Rgb = [number, number, number];
/** A colour as it shows over an opaque `under` (rgba mixes with it). */
const onto = (c: string, under: Rgb): Rgb => {
  const [r, g, b, a] = channels(c);
  return [r * a + under[0] * (1 - a), g * a + under[1] * (1 - a), b * a + under[2] * (1 - a)];
};
const luminance = (rgb: Rgb) => rgb.map((v) => v / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)).reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i]!, 0);
/** The contrast of text `fg` on `bg`, where `bg` may itself be translucent over `base`. */
const contrast = (fg: string, bg: string, base = '#ffffff') => {
  const back = onto(bg, onto(base, [255, 255, 255]));
  const [hi, lo] = [luminance(onto(fg, back)), luminance(back)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

const AA = 4.5;

describe('colour contrast of the nine themes (WCAG 2.1 AA, 4.5:1 for text)', () => {
  it('the rgba helper is right: white on #1677ff is 4.1:1, black on white 21:1', () => {
    expect(contrast('#ffffff', '#1677ff')).toBeCloseTo(4.1, 1);
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 0);
    expect(contrast('rgba(0,0,0,0.6)', '#ffffff')).toBeGreaterThan(5.7);
  });

  for (const name of THEME_NAMES) {
    it(`${name}: buttons, links and chips on white and on the page background`, () => {
      const t = createTheme(buildTheme(name));
      const page = t.palette.background.default;
      for (const key of ['primary', 'secondary', 'error', 'warning', 'info', 'success'] as const) {
        const c = t.palette[key];
        expect(contrast(c.contrastText, c.main), `${key} button text`).toBeGreaterThanOrEqual(AA);
        expect(contrast(c.main, '#ffffff'), `${key} text on white`).toBeGreaterThanOrEqual(AA);
        // outlined chips and links sit on the page grey too
        expect(contrast(c.main, page), `${key} text on the page background`).toBeGreaterThanOrEqual(AA);
      }
      const toolbar = (t.components as Record<string, { styleOverrides: { root: { backgroundColor: string } } }>).RaToolbar!.styleOverrides.root.backgroundColor;
      expect(contrast(t.palette.error.main, toolbar), 'the delete button on a form toolbar').toBeGreaterThanOrEqual(AA);
      // a selected toggle: its text on the primary's 8 % tint over the page
      const toggle = t.components?.MuiToggleButton?.styleOverrides?.root as unknown as Record<string, { color: string }>;
      const tint = `${t.palette.primary.main}${Math.round(t.palette.action.selectedOpacity * 255).toString(16).padStart(2, '0')}`;
      expect(contrast(toggle['&.Mui-selected.MuiToggleButton-primary']!.color, tint, page), 'selected toggle text').toBeGreaterThanOrEqual(AA);
      expect(contrast(t.palette.primary.main, page), 'primary text on the page background').toBeGreaterThanOrEqual(AA);
      expect(contrast(t.palette.text.secondary, page), 'secondary text on the page background').toBeGreaterThanOrEqual(AA);
    });

    it(`${name}: the menu's text, muted text and highlighted item`, () => {
      const p = menuPalette(name);
      // a gradient menu is checked against each of its colours
      const backs = p.background.startsWith('linear-gradient') ? [...p.background.matchAll(/#[0-9a-f]{6}/gi)].map((m) => m[0]) : [p.surface];
      for (const back of backs) {
        expect(contrast(p.text, back), `menu text on ${back}`).toBeGreaterThanOrEqual(AA);
        expect(contrast(p.textMuted, p.rail, back), `rail label on ${back}`).toBeGreaterThanOrEqual(AA);
        expect(contrast(p.activeText, p.activeBg, back), `highlighted item on ${back}`).toBeGreaterThanOrEqual(AA);
      }
    });
  }
});
