import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { Box, IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Tooltip, type SxProps, type Theme } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import MoreIcon from '@mui/icons-material/ExpandMoreRounded';
import RefreshIcon from '@mui/icons-material/Refresh';
import CloseOtherIcon from '@mui/icons-material/HighlightOff';
import LeftIcon from '@mui/icons-material/FirstPage';
import RightIcon from '@mui/icons-material/LastPage';
import AllIcon from '@mui/icons-material/ClearAll';
import { useSettings } from '../settings/store.ts';
import { useAppRoutes } from '../routes/useAppRoutes.ts';
import { matchRoute } from '../routes/convert.ts';
import { tabsStore, useTabsState } from './store.ts';
import { addressTabKey, closeAvailability, tabKeyOf, type CloseAction, type Tab } from './tabsModel.ts';
import { MenuIconOf } from '../menu/icons.tsx';

type MenuAction = CloseAction | 'refresh';

const ACTIONS: Array<{ action: MenuAction; label: string; Icon: typeof CloseIcon }> = [
  { action: 'refresh', label: 'pv.tabs.refresh', Icon: RefreshIcon },
  { action: 'close', label: 'pv.tabs.close', Icon: CloseIcon },
  { action: 'others', label: 'pv.tabs.close_others', Icon: CloseOtherIcon },
  { action: 'left', label: 'pv.tabs.close_left', Icon: LeftIcon },
  { action: 'right', label: 'pv.tabs.close_right', Icon: RightIcon },
  { action: 'all', label: 'pv.tabs.close_all', Icon: AllIcon },
];

/** The three tab styles of SPEC.md §9 (card, smart, smooth). */
const tabSx = (style: 'card' | 'smart' | 'smooth', active: boolean): SxProps<Theme> => (theme) => {
  const primary = theme.palette.primary.main;
  // text on the primary colour's light tint: its dark shade keeps 4.5:1
  const onTint = theme.palette.primary.dark;
  const base = {
    position: 'relative' as const,
    display: 'inline-flex',
    alignItems: 'center',
    gap: 0.5,
    height: 32,
    px: 1.5,
    flex: '0 0 auto',
    cursor: 'pointer',
    userSelect: 'none' as const,
    fontSize: 13,
    whiteSpace: 'nowrap' as const,
    color: active ? onTint : theme.palette.text.secondary,
    transition: 'all .2s',
    '& .pv-tab-close': { ml: 0.25, p: 0.25, display: 'inline-flex', borderRadius: '50%', color: 'inherit', '&:hover': { bgcolor: 'action.hover' } },
    '&:hover': { color: onTint },
    '&:focus-visible': { outline: `2px solid ${primary}`, outlineOffset: -2 },
  };
  if (style === 'card')
    return {
      ...base,
      mr: 0.75,
      border: `1px solid ${active ? primary : theme.palette.divider}`,
      borderRadius: '4px',
      bgcolor: active ? primary : theme.palette.background.paper,
      color: active ? theme.palette.primary.contrastText : theme.palette.text.secondary,
      '&:hover': { borderColor: primary, color: active ? theme.palette.primary.contrastText : onTint },
      '&:focus-visible': { outline: `2px solid ${theme.palette.primary.dark}`, outlineOffset: 1 },
    };
  if (style === 'smart')
    return {
      ...base,
      mr: 0.5,
      bgcolor: active ? `${primary}14` : 'transparent',
      '&::after': {
        content: '""',
        position: 'absolute',
        left: 0,
        bottom: 0,
        height: 2,
        width: active ? '100%' : 0,
        bgcolor: primary,
        transition: 'width .3s',
      },
      '&:hover::after': { width: '100%' },
    };
  // smooth: a soft, rounded "browser tab" for the active one
  return {
    ...base,
    mr: 0.25,
    px: 2,
    height: 34,
    mt: '4px',
    borderRadius: '10px 10px 0 0',
    bgcolor: active ? `${primary}1f` : 'transparent',
    '&:hover': { color: onTint, bgcolor: active ? `${primary}1f` : `${primary}0d` },
  };
};

/**
 * The tab bar (SPEC.md §2 Tabs): one tab per visited route (title, optional icon, × unless
 * noClosable); a click goes back to the tab's last URL; a more-menu acts on the active tab and a
 * right-click menu on the clicked tab (refresh, close, others, left, right, all — disabled at the edges).
 */
export const TabsBar = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const location = useLocation();
  const routes = useAppRoutes();
  const { tabsBarStyle, showTabsIcon } = useSettings();
  const { tabs } = useTabsState();
  const route = matchRoute(routes, location.pathname);
  const activeKey = route ? tabKeyOf(route, location.pathname, location.search) : null;
  const [menu, setMenu] = useState<{ key: string; anchor: { left: number; top: number } | HTMLElement } | null>(null);
  const strip = useRef<HTMLDivElement>(null);

  // keep the active tab in view
  useEffect(() => {
    strip.current?.querySelector<HTMLElement>('[data-active="true"]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [activeKey, tabs.length]);

  const title = (t: Tab) => translate(`pv.route.${t.title}`, { _: t.title });

  /**
   * The tab of the address as it is now: an action taken while a navigation still renders — close
   * this tab right after closing the one before — acts on the tab the user went to, not on the page
   * still painted.
   */
  const currentKey = (): string | null => addressTabKey(routes, window.location.hash) ?? activeKey;

  const run = (action: MenuAction, key: string) => {
    setMenu(null);
    const shown = currentKey();
    if (action === 'refresh') {
      const tab = tabs.find((t) => t.key === key);
      tabsStore.refresh(key);
      if (tab && key !== shown) navigate(tab.path);
      return;
    }
    const { navigateTo } = tabsStore.close(action, key, shown);
    if (navigateTo !== null) navigate(navigateTo);
  };

  const onContextMenu = (e: MouseEvent, key: string) => {
    e.preventDefault();
    setMenu({ key, anchor: { left: e.clientX, top: e.clientY } });
  };

  const onTabKey = (e: KeyboardEvent<HTMLElement>, t: Tab) => {
    const all = [...(strip.current?.querySelectorAll<HTMLElement>('[role="tab"]') ?? [])];
    const at = all.indexOf(e.currentTarget);
    const focus = (i: number) => all[(i + all.length) % all.length]?.focus();
    if (e.key === 'ArrowRight') focus(at + 1);
    else if (e.key === 'ArrowLeft') focus(at - 1);
    else if (e.key === 'Home') focus(0);
    else if (e.key === 'End') focus(all.length - 1);
    else if (e.key === 'Enter' || e.key === ' ') navigate(t.path);
    else if (e.key === 'Delete' && !t.noClosable) {
      run('close', t.key);
      // focus stays in the strip, on the tab now shown
      requestAnimationFrame(() => strip.current?.querySelector<HTMLElement>('[data-active="true"]')?.focus());
    } else if (e.key === 'ContextMenu' || (e.key === 'F10' && e.shiftKey)) setMenu({ key: t.key, anchor: e.currentTarget });
    else return;
    e.preventDefault();
  };

  const available = menu ? closeAvailability(tabs, menu.key) : null;
  const isContext = menu && !(menu.anchor instanceof HTMLElement);

  return (
    <Box
      className="pv-tabs-bar"
      data-style={tabsBarStyle}
      sx={{ display: 'flex', alignItems: 'flex-end', minHeight: 42, px: 1, bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}
    >
      <Box
        ref={strip}
        role="tablist"
        sx={{ flex: 1, display: 'flex', alignItems: 'center', overflowX: 'auto', overflowY: 'hidden', scrollbarWidth: 'none', '&::-webkit-scrollbar': { display: 'none' }, py: tabsBarStyle === 'smooth' ? 0 : 0.5 }}
      >
        {tabs.map((t) => {
          const active = t.key === activeKey;
          return (
            <Box
              key={t.key}
              role="tab"
              aria-selected={active}
              // one tab stop for the strip (the active tab); arrows move between tabs, Enter opens,
              // Delete closes, the context-menu key (or Shift+F10) opens the tab's menu
              tabIndex={active ? 0 : -1}
              aria-keyshortcuts={t.noClosable ? undefined : 'Delete'}
              data-active={active}
              data-tab-key={t.key}
              sx={tabSx(tabsBarStyle, active)}
              onClick={() => !active && navigate(t.path)}
              onKeyDown={(e) => onTabKey(e, t)}
              onAuxClick={(e) => e.button === 1 && !t.noClosable && run('close', t.key)}
              onContextMenu={(e) => onContextMenu(e, t.key)}
            >
              {showTabsIcon && t.icon && (
                <Box component="span" sx={{ display: 'inline-flex', fontSize: 16 }}>
                  <MenuIconOf icon={t.icon} fontSize="inherit" />
                </Box>
              )}
              <span>{title(t)}</span>
              {!t.noClosable && (
                // the mouse's ×; not a second control inside the tab (the keyboard closes with Delete)
                <Box
                  component="span"
                  className="pv-tab-close"
                  aria-hidden="true"
                  title={translate('pv.tabs.close')}
                  onClick={(e) => {
                    e.stopPropagation();
                    run('close', t.key);
                  }}
                >
                  <CloseIcon sx={{ fontSize: 14 }} />
                </Box>
              )}
            </Box>
          );
        })}
      </Box>
      <Tooltip title={translate('pv.tabs.more')}>
        <span>
          <IconButton
            size="small"
            aria-label={translate('pv.tabs.more')}
            disabled={!activeKey}
            onClick={(e) => activeKey && setMenu({ key: activeKey, anchor: e.currentTarget })}
            sx={{ mb: 0.5 }}
          >
            <MoreIcon />
          </IconButton>
        </span>
      </Tooltip>
      <Menu
        open={!!menu}
        onClose={() => setMenu(null)}
        anchorReference={isContext ? 'anchorPosition' : 'anchorEl'}
        anchorPosition={isContext ? (menu.anchor as { left: number; top: number }) : undefined}
        anchorEl={!isContext && menu ? (menu.anchor as HTMLElement) : null}
        slotProps={{ list: { dense: true, 'aria-label': translate('pv.tabs.more') } as object }}
      >
        {ACTIONS.map(({ action, label, Icon }) => (
          <MenuItem
            key={action}
            data-action={action}
            disabled={!menu || (action !== 'refresh' && !available?.[action])}
            onClick={() => menu && run(action, menu.key)}
          >
            <ListItemIcon>
              <Icon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{translate(label)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </Box>
  );
};
