import { useEffect, useMemo, useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import {
  Box,
  Button,
  Dialog,
  DialogContent,
  IconButton,
  InputAdornment,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import MenuIcon from '@mui/icons-material/Menu';
import RefreshIcon from '@mui/icons-material/Refresh';
import SearchIcon from '@mui/icons-material/Search';
import FullscreenIcon from '@mui/icons-material/Fullscreen';
import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import TranslateIcon from '@mui/icons-material/Translate';
import PaletteIcon from '@mui/icons-material/PaletteOutlined';
import { LOCALES } from '../../providers/i18nProvider.ts';
import { zh as routeZh, en as routeEn } from '../../i18n/areas/route.ts';
import { settings, useSettings, isFolded } from '../settings/store.ts';
import { openThemeDrawer } from '../drawer/open.ts';
import { MenuIconOf } from '../menu/icons.tsx';
import { searchMenu, type MenuEntry } from '../menu/model.ts';
import { useReloadView, useRouteTitle, useShellMenu } from '../menu/useMenu.ts';

const tip = { disableInteractive: true } as const;

/** Folds / unfolds the sidebar (persisted). */
export const FoldToggle = () => {
  const translate = useTranslate();
  const s = useSettings();
  const folded = isFolded(s);
  const label = translate(folded ? 'pv.shell.unfold' : 'pv.shell.fold');
  return (
    <Tooltip title={label} {...tip}>
      <IconButton color="inherit" aria-label={label} data-testid="fold-toggle" onClick={() => settings.set({ collapse: !s.collapse })}>
        {folded ? <MenuIcon /> : <MenuOpenIcon />}
      </IconButton>
    </Tooltip>
  );
};

/** Reloads the current view. */
export const RefreshButton = () => {
  const translate = useTranslate();
  const reload = useReloadView();
  return (
    <Tooltip title={translate('pv.shell.refresh')} {...tip}>
      <IconButton color="inherit" aria-label={translate('pv.shell.refresh')} onClick={reload}>
        <RefreshIcon />
      </IconButton>
    </Tooltip>
  );
};

const zhTitle = (t: string) => (routeZh.pv.route as Record<string, string>)[t] ?? t;
const enTitle = (t: string) => (routeEn.pv.route as Record<string, string>)[t] ?? t;

/** Menu search: entries whose title in Chinese or English contains the text. */
export const SearchButton = () => {
  const translate = useTranslate();
  const title = useRouteTitle();
  const { menu, open: openEntry } = useShellMenu();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [index, setIndex] = useState(0);
  const results = useMemo(() => searchMenu(menu, query, [zhTitle, enTitle, title]), [menu, query, title]);
  useEffect(() => setIndex(0), [query]);
  const choose = (e: MenuEntry) => {
    setOpen(false);
    setQuery('');
    openEntry(e);
  };
  return (
    <>
      <Tooltip title={translate('pv.shell.search')} {...tip}>
        <IconButton color="inherit" aria-label={translate('pv.shell.search')} onClick={() => setOpen(true)}>
          <SearchIcon />
        </IconButton>
      </Tooltip>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="xs" slotProps={{ paper: { sx: { alignSelf: 'flex-start', mt: 10 } } }}>
        <DialogContent sx={{ p: 2 }}>
          <TextField
            autoFocus
            fullWidth
            size="small"
            value={query}
            placeholder={translate('pv.shell.search_placeholder')}
            slotProps={{
              htmlInput: { 'aria-label': translate('pv.shell.search') },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
            onChange={(ev) => setQuery(ev.target.value)}
            onKeyDown={(ev) => {
              if (ev.key === 'ArrowDown') setIndex((i) => Math.min(results.length - 1, i + 1));
              if (ev.key === 'ArrowUp') setIndex((i) => Math.max(0, i - 1));
              if (ev.key === 'Enter' && results[index]) choose(results[index]);
            }}
          />
          {query.trim() && results.length === 0 ? (
            <Typography sx={{ mt: 2, color: 'text.secondary', fontSize: 14 }}>{translate('pv.shell.search_empty')}</Typography>
          ) : (
            <List dense sx={{ mt: 1 }} data-testid="search-results">
              {results.map((e, i) => (
                <ListItemButton key={e.path} selected={i === index} onClick={() => choose(e)}>
                  <ListItemIcon sx={{ minWidth: 32 }}>
                    <MenuIconOf icon={e.icon} />
                  </ListItemIcon>
                  <ListItemText primary={title(e.title)} secondary={e.path} />
                </ListItemButton>
              ))}
            </List>
          )}
        </DialogContent>
      </Dialog>
    </>
  );
};

/** Opens the theme drawer. */
export const ThemeButton = () => {
  const translate = useTranslate();
  return (
    <Tooltip title={translate('pv.shell.theme')} {...tip}>
      <IconButton color="inherit" aria-label={translate('pv.shell.theme')} data-testid="theme-button" onClick={openThemeDrawer}>
        <PaletteIcon />
      </IconButton>
    </Tooltip>
  );
};

/** Full screen through the Fullscreen API. */
export const FullScreenButton = () => {
  const translate = useTranslate();
  const [full, setFull] = useState(() => typeof document !== 'undefined' && !!document.fullscreenElement);
  useEffect(() => {
    const on = () => setFull(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', on);
    return () => document.removeEventListener('fullscreenchange', on);
  }, []);
  if (typeof document !== 'undefined' && !document.fullscreenEnabled) return null;
  const label = translate(full ? 'pv.shell.exit_fullscreen' : 'pv.shell.fullscreen');
  return (
    <Tooltip title={label} {...tip}>
      <IconButton
        color="inherit"
        aria-label={label}
        onClick={() => (document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen()).catch(() => undefined)}
      >
        {full ? <FullscreenExitIcon /> : <FullscreenIcon />}
      </IconButton>
    </Tooltip>
  );
};

/** zh / en (react-admin's locale state, persisted in its store). */
export const LanguageButton = ({ compact }: { compact?: boolean }) => {
  const [locale, setLocale] = useLocaleState();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = LOCALES.find((l) => l.locale === locale) ?? LOCALES[0]!;
  return (
    <>
      <Button
        color="inherit"
        aria-label={current.name}
        startIcon={<TranslateIcon />}
        onClick={(ev) => setAnchor(ev.currentTarget)}
        sx={{ minWidth: 0, textTransform: 'none', whiteSpace: 'nowrap', ...(compact ? { fontSize: 0, '& .MuiButton-startIcon': { m: 0 } } : {}) }}
      >
        {current.name}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {LOCALES.map((l) => (
          <MenuItem
            key={l.locale}
            selected={l.locale === locale}
            onClick={() => {
              setAnchor(null);
              setLocale(l.locale);
            }}
          >
            {l.name}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
};

export const ToolGroup = ({ children }: { children: React.ReactNode }) => (
  <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.25, flex: 'none' }}>{children}</Box>
);
