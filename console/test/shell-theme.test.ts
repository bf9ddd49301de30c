import { describe, expect, it } from 'vitest';
import { createTheme } from '@mui/material/styles';
import { THEME_NAMES } from '../src/shell/settings/store.ts';
import { HUES, buildTheme, menuPalette, paletteOf, themeParts } from '../src/shell/themes/buildTheme.ts';

describe('themes (SPEC.md §9 theme names)', () => {
  it('every theme name is a real MUI theme with its primary colour', () => {
    for (const name of THEME_NAMES) {
      const theme = createTheme(buildTheme(name));
      expect(theme.palette.primary.main).toBe(HUES[themeParts(name).hue].main);
    }
  });
  it('primary colour × menu tone', () => {
    expect(themeParts('blue-black')).toEqual({ hue: 'blue', menu: 'dark' });
    expect(themeParts('red-white')).toEqual({ hue: 'red', menu: 'light' });
    expect(themeParts('ocean')).toEqual({ hue: 'blue', menu: 'gradient' });
    expect(menuPalette('green-black').dark).toBe(true);
    expect(menuPalette('green-white').dark).toBe(false);
    expect(menuPalette('ocean').background).toMatch(/linear-gradient/);
    expect(buildTheme('purple-white').palette).not.toEqual(buildTheme('green-white').palette);
  });
  it('the light menu highlights in the primary colour (its dark shade, for contrast)', () => {
    expect(menuPalette('red-white').activeText).toBe(HUES.red.dark);
    expect(menuPalette('purple-black').activeBg).toBe(HUES.purple.main);
  });
  it('vab-background adds a generated image to the menu, none does not', () => {
    expect(menuPalette('blue-black', 'vab-background').background).toMatch(/^url\("data:image\/svg\+xml,/);
    expect(menuPalette('blue-black', 'none').background).not.toMatch(/url\(/);
  });
});

describe('menu background by layout', () => {
  it('the vab-background image is off for float and horizontal', () => {
    const s = { themeName: 'blue-black', background: 'vab-background' } as const;
    expect(paletteOf({ ...s, layout: 'vertical' }).background).toMatch(/url\(/);
    expect(paletteOf({ ...s, layout: 'float' }).background).not.toMatch(/url\(/);
    expect(paletteOf({ ...s, layout: 'horizontal' }).background).not.toMatch(/url\(/);
  });
});
