import { useEffect, useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import {
  Backdrop,
  Box,
  Button,
  CircularProgress,
  Divider,
  Drawer,
  IconButton,
  MenuItem,
  Select,
  Switch,
  Typography,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { appConfig } from '../../config.ts';
import {
  BACKGROUNDS,
  COLUMN_STYLES,
  LAYOUTS,
  TABS_STYLES,
  THEME_NAMES,
  settings,
  useSettings,
  type ThemeSettings,
} from '../settings/store.ts';
import { HUES, menuPalette, themeParts } from '../themes/buildTheme.ts';
import { drawerDisabled, randomSkin } from './logic.ts';
import { THEME_EVENT } from './open.ts';

export const MENU_WIDTHS = [220, 240, 266, 280, 300, 320] as const;

type Key = keyof ThemeSettings;

const Row = ({ label, children, disabled }: { label: string; children: ReactNode; disabled?: boolean }) => (
  <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, minHeight: 40, opacity: disabled ? 0.55 : 1 }}>
    <Typography component="span" sx={{ fontSize: 14 }}>
      {label}
    </Typography>
    {children}
  </Box>
);

/** Theme swatch: the primary colour over the menu tone. */
const Swatch = ({ name }: { name: (typeof THEME_NAMES)[number] }) => {
  const p = menuPalette(name);
  return (
    <Box component="span" sx={{ display: 'inline-flex', width: 28, height: 14, borderRadius: 0.5, overflow: 'hidden', border: '1px solid rgba(0,0,0,.12)', mr: 1, flex: 'none' }}>
      <Box component="span" sx={{ width: '50%', background: p.background }} />
      <Box component="span" sx={{ width: '50%', bgcolor: HUES[themeParts(name).hue].main }} />
    </Box>
  );
};

/**
 * The theme drawer (SPEC.md §4, §5): every change applies at once; save persists, reset restores the
 * defaults; random skin; clear cache. Opens on the theme event.
 */
export const ThemeDrawer = () => {
  const translate = useTranslate();
  const s = useSettings();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const on = () => setOpen(true);
    window.addEventListener(THEME_EVENT, on);
    return () => window.removeEventListener(THEME_EVENT, on);
  }, []);
  useEffect(() => {
    if (!busy) return;
    const t = window.setTimeout(() => setBusy(false), appConfig.randomSkinLoadingMs);
    return () => window.clearTimeout(t);
  }, [busy]);

  const disabled = drawerDisabled(s, s.device);
  const set = (patch: Partial<ThemeSettings>) => settings.set(patch);
  const t = (key: string) => translate(`pv.shell.${key}`);

  const select = <K extends Key>(key: K, values: readonly string[], label: (v: string) => ReactNode, isDisabled = false) => (
    <Row label={t(`drawer.${key}`)} disabled={isDisabled}>
      <Select
        size="small"
        value={String(s[key])}
        disabled={isDisabled}
        onChange={(ev) => set({ [key]: typeof s[key] === 'number' ? Number(ev.target.value) : ev.target.value } as Partial<ThemeSettings>)}
        inputProps={{ 'data-testid': `drawer-${key}` }}
        SelectDisplayProps={{ 'aria-label': t(`drawer.${key}`) } as object}
        sx={{ width: 146, fontSize: 13, '& .MuiSelect-select': { py: 0.75, display: 'flex', alignItems: 'center' } }}
      >
        {values.map((v) => (
          <MenuItem key={v} value={v} sx={{ fontSize: 13 }}>
            {label(v)}
          </MenuItem>
        ))}
      </Select>
    </Row>
  );
  const toggle = (key: Key, isDisabled = false) => (
    <Row label={t(`drawer.${key}`)} disabled={isDisabled}>
      <Switch
        size="small"
        checked={Boolean(s[key])}
        disabled={isDisabled}
        onChange={(ev) => set({ [key]: ev.target.checked } as Partial<ThemeSettings>)}
        slotProps={{ input: { 'aria-label': t(`drawer.${key}`) } }}
      />
    </Row>
  );

  const save = () => {
    settings.save();
    setOpen(false);
  };
  const reset = () => {
    settings.reset();
    setOpen(false);
  };
  const random = () => {
    setBusy(true);
    const current = { themeName: s.themeName, layout: s.layout };
    settings.reset();
    settings.apply(randomSkin(s.device, current));
    settings.save();
  };
  const clearCache = () => {
    localStorage.clear();
    window.location.reload();
  };

  return (
    <>
      <Drawer
        anchor="right"
        open={open}
        onClose={() => setOpen(false)}
        slotProps={{ paper: { sx: { width: appConfig.themeDrawerWidth, display: 'flex', flexDirection: 'column' }, 'data-testid': 'theme-drawer' } as object }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1.25 }}>
          <Typography sx={{ fontWeight: 600, flex: 1 }}>{t('drawer.title')}</Typography>
          <IconButton size="small" aria-label={translate('ra.action.close')} onClick={() => setOpen(false)}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </Box>
        <Divider />
        <Box sx={{ flex: 1, overflowY: 'auto', px: 2, py: 1 }}>
          <Typography sx={{ fontSize: 12, color: 'text.secondary', mt: 0.5 }}>{t('drawer.common')}</Typography>
          {select('layout', LAYOUTS, (v) => t(`layouts.${v}`), disabled.layout)}
          {select('themeName', THEME_NAMES, (v) => (
            <>
              <Swatch name={v as (typeof THEME_NAMES)[number]} />
              {t(`themes.${v}`)}
            </>
          ))}
          {select('background', BACKGROUNDS, (v) => t(`backgrounds.${v}`), disabled.background)}
          {select('menuWidth', MENU_WIDTHS.map(String), (v) => `${v} px`)}
          {select('columnStyle', COLUMN_STYLES, (v) => t(`column_styles.${v}`), disabled.columnStyle)}
          {toggle('showTabs')}
          {toggle('showTabsIcon', disabled.showTabsIcon)}
          {select('tabsBarStyle', TABS_STYLES, (v) => t(`tabs_styles.${v}`), disabled.tabsBarStyle)}
          {toggle('fixedHeader', disabled.fixedHeader)}
          {toggle('showProgressBar')}
          {toggle('showPageTransition')}
          <Divider sx={{ my: 1 }} />
          <Typography sx={{ fontSize: 12, color: 'text.secondary' }}>{t('drawer.tools')}</Typography>
          {toggle('showSearch')}
          {toggle('showRefresh')}
          {toggle('showNotice')}
          {toggle('showFullScreen')}
          {toggle('showLanguage')}
          {toggle('showLock')}
          {toggle('showTheme')}
        </Box>
        <Divider />
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1, p: 1.5 }}>
          <Button variant="contained" onClick={save}>
            {t('drawer.save')}
          </Button>
          <Button variant="outlined" onClick={reset}>
            {t('drawer.reset')}
          </Button>
          <Button variant="outlined" color="secondary" onClick={random}>
            {t('drawer.random')}
          </Button>
          <Button variant="text" color="error" onClick={clearCache}>
            {t('drawer.clear_cache')}
          </Button>
        </Box>
      </Drawer>
      <Backdrop open={busy} sx={{ zIndex: (th) => th.zIndex.modal + 1, color: '#fff', flexDirection: 'column', gap: 2 }} data-testid="random-skin-loading">
        <CircularProgress color="inherit" />
        <Typography>{translate('pv.shell.loading')}</Typography>
      </Backdrop>
    </>
  );
};
