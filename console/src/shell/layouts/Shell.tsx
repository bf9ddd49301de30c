import { lazy, Suspense, useEffect, useMemo, type ReactNode } from 'react';
import { Box } from '@mui/material';
import { appConfig } from '../../config.ts';
import { isFolded, settings, useSettings, type ShellState } from '../settings/store.ts';
import { paletteOf, type MenuPalette } from '../themes/buildTheme.ts';
import { activeRoot, type MenuEntry } from '../menu/model.ts';
import { useShellMenu, useRouteTitle } from '../menu/useMenu.ts';
import { TreeMenu, FoldedMenu } from '../menu/SideMenu.tsx';
import { TopMenu } from '../menu/TopMenu.tsx';
import { ColumnRail } from '../menu/ColumnRail.tsx';
import { matchRoute } from '../routes/convert.ts';
import { Breadcrumb } from '../topbar/Breadcrumb.tsx';
import { TopTools } from '../topbar/TopTools.tsx';
import { FoldToggle } from '../topbar/tools.tsx';
import { TabsBar } from '../tabs/TabsBar.tsx';
import { LockScreen } from '../lock/LockScreen.tsx';
import { ThemeDrawer } from '../drawer/ThemeDrawer.tsx';
import { ProgressBar } from '../progress/ProgressBar.tsx';
import { Content } from './Content.tsx';
import { Footer } from './Footer.tsx';
import { Logo } from './Logo.tsx';

// the update prompt's code loads only when PWA is on (SPEC.md §4)
const PwaUpdate = lazy(() => import('../pwa/PwaUpdate.tsx').then((m) => ({ default: m.PwaUpdate })));

export const NAV_HEIGHT = 56;
const FOLDED = appConfig.foldedMenuWidth;

/** Follows the window across the 992 px breakpoint (SPEC.md §2): mobile forces vertical + folded. */
function useDeviceWatch() {
  useEffect(() => {
    const mq = window.matchMedia(`(max-width: ${appConfig.mobileBreakpoint - 0.02}px)`);
    const on = () => settings.applyDevice(mq.matches);
    on();
    mq.addEventListener('change', on);
    return () => mq.removeEventListener('change', on);
  }, []);
}

interface Parts {
  s: ShellState;
  palette: MenuPalette;
  menu: MenuEntry[];
  activePath: string;
  open: (e: MenuEntry) => void;
  openRoot: (e: MenuEntry) => void;
  root: MenuEntry | undefined;
  /** the column layout's second-level panel is hidden on this route (meta.noColumn) */
  noColumn: boolean;
}

/** The second-level panel of the column layout: the active first-level entry's title and children. */
const ColumnPanel = ({ p, width }: { p: Parts; width: number }) => {
  const title = useRouteTitle();
  if (!p.root?.children) return null;
  return (
    <Box data-testid="column-panel" sx={{ width, flex: 'none', overflowY: 'auto', overflowX: 'hidden', borderLeft: `1px solid ${p.palette.divider}` }}>
      <Box sx={{ height: NAV_HEIGHT, display: 'flex', alignItems: 'center', px: 2.5, fontWeight: 700, fontSize: 16, color: p.palette.text, whiteSpace: 'nowrap' }}>
        {title(p.root.title)}
      </Box>
      <TreeMenu entries={p.root.children} activePath={p.activePath} palette={p.palette} onOpen={p.open} />
    </Box>
  );
};

/** Width the sidebar takes beside the page (0 when it floats over it on mobile or is absent). */
function sidebarWidth(p: Parts): number {
  const { s } = p;
  if (s.lock || s.layout === 'horizontal') return 0;
  if (s.device === 'mobile') return 0;
  const folded = isFolded(s);
  if (s.layout === 'column') return FOLDED + (columnPanelShown(p) ? s.menuWidth - FOLDED : 0);
  if (s.layout === 'comprehensive' && !p.root?.children) return 0;
  return folded ? FOLDED : s.menuWidth;
}

const columnPanelShown = (p: Parts) => !isFolded(p.s) && !p.noColumn && !!p.root?.children;

/** The sidebar of every layout but horizontal. */
const Sidebar = ({ p, top }: { p: Parts; top: number }) => {
  const { s, palette } = p;
  const mobile = s.device === 'mobile';
  const folded = isFolded(s) && !mobile;
  const withLogo = top === 0;
  let body: ReactNode;
  let width: number;
  if (s.layout === 'column' && !mobile) {
    const panel = columnPanelShown(p);
    width = sidebarWidth(p);
    body = (
      <Box sx={{ display: 'flex', height: '100%' }}>
        <Box sx={{ display: 'flex', flexDirection: 'column', background: palette.rail, width: FOLDED }}>
          <Logo folded color={palette.dark ? '#fff' : undefined} height={NAV_HEIGHT} />
          <ColumnRail entries={p.menu} activePath={p.activePath} palette={palette} columnStyle={s.columnStyle} onOpenRoot={p.openRoot} />
        </Box>
        {panel ? <ColumnPanel p={p} width={s.menuWidth - FOLDED} /> : null}
      </Box>
    );
  } else {
    const entries = s.layout === 'comprehensive' && !mobile ? (p.root?.children ?? []) : p.menu;
    width = mobile ? s.menuWidth : sidebarWidth(p);
    body = (
      <>
        {withLogo ? <Logo folded={folded} color={palette.dark ? '#fff' : undefined} height={NAV_HEIGHT} /> : null}
        {folded ? (
          <FoldedMenu entries={entries} activePath={p.activePath} palette={palette} onOpen={p.open} />
        ) : (
          <TreeMenu entries={entries} activePath={p.activePath} palette={palette} onOpen={p.open} />
        )}
      </>
    );
  }
  if (width === 0 && !mobile) return null;
  const hiddenOnMobile = mobile && s.collapse;
  return (
    <Box
      component="aside"
      data-testid="sidebar"
      data-folded={folded || hiddenOnMobile ? 'true' : 'false'}
      sx={{
        position: 'fixed',
        top,
        bottom: 0,
        left: 0,
        width,
        zIndex: mobile ? 1300 : 1101,
        background: palette.background,
        color: palette.text,
        overflowY: 'auto',
        overflowX: 'hidden',
        scrollbarWidth: 'thin',
        boxShadow: palette.dark ? 'none' : '1px 0 4px rgba(0,21,41,.08)',
        transition: 'width .2s, transform .2s',
        transform: hiddenOnMobile ? 'translateX(-100%)' : 'none',
      }}
    >
      {body}
    </Box>
  );
};

/** The top bar of the layouts with a full-height sidebar (column, vertical, float). */
const NavBar = ({ p }: { p: Parts }) => {
  // float keeps the sidebar folded; the column layout hides the control on noColumn routes
  const showFold = p.s.device === 'mobile' || (p.s.layout !== 'float' && !(p.s.layout === 'column' && p.noColumn));
  return (
    <Box data-testid="nav-bar" sx={{ height: NAV_HEIGHT, display: 'flex', alignItems: 'center', gap: 1, px: 1, bgcolor: 'background.paper', color: 'text.primary', borderBottom: 1, borderColor: 'divider' }}>
      {showFold ? <FoldToggle /> : null}
      <Box sx={{ minWidth: 0, overflow: 'hidden', display: { xs: 'none', sm: 'block' } }}>
        <Breadcrumb />
      </Box>
      <TopTools />
    </Box>
  );
};

/** The full-width header of common, comprehensive and horizontal, drawn in the menu's colours. */
const WideHeader = ({ p }: { p: Parts }) => {
  const { s, palette } = p;
  const title = s.layout;
  return (
    <Box
      data-testid="wide-header"
      sx={{ height: NAV_HEIGHT, display: 'flex', alignItems: 'center', gap: 1, pr: 1, background: palette.dark ? palette.background : '#fff', color: palette.dark ? '#fff' : 'text.primary', boxShadow: '0 1px 4px rgba(0,21,41,.08)' }}
    >
      <Logo color={palette.dark ? '#fff' : undefined} height={NAV_HEIGHT} />
      {title === 'common' ? (
        <>
          <FoldToggle />
          <Box sx={{ minWidth: 0, overflow: 'hidden' }}>
            <Breadcrumb color={palette.dark ? 'rgba(255,255,255,.85)' : undefined} />
          </Box>
        </>
      ) : null}
      {title === 'comprehensive' ? (
        <>
          {p.root?.children ? <FoldToggle /> : null}
          <Box sx={{ flex: 1, minWidth: 0, height: '100%' }}>
            <TopMenu entries={p.menu} activePath={p.activePath} palette={{ ...palette, background: 'transparent' }} onOpen={p.open} rootsOnly onOpenRoot={p.openRoot} />
          </Box>
        </>
      ) : null}
      {title === 'horizontal' ? (
        <Box sx={{ flex: 1, minWidth: 0, height: '100%' }}>
          <TopMenu entries={p.menu} activePath={p.activePath} palette={palette} onOpen={p.open} />
        </Box>
      ) : null}
      <TopTools />
    </Box>
  );
};

/**
 * The console shell (SPEC.md §2): six layouts switched live by settings.layout, the mobile rule, the
 * tab bar, the routed page, footer, progress bar, lock screen and theme drawer.
 */
export const Shell = ({ children }: { children: ReactNode }) => {
  useDeviceWatch();
  const s = useSettings();
  const { menu, activePath, open, openRoot, routes, pathname } = useShellMenu();
  const palette = useMemo(() => paletteOf(s), [s]);
  const root = activeRoot(menu, activePath);
  const noColumn = !!matchRoute(routes, pathname)?.meta.noColumn;
  const p: Parts = { s, palette, menu, activePath, open, openRoot, root, noColumn };
  const mobile = s.device === 'mobile';
  const wide = !mobile && (s.layout === 'common' || s.layout === 'comprehensive' || s.layout === 'horizontal');
  const left = sidebarWidth(p);
  // the common layout's header is always fixed (its fixed-header switch is disabled)
  const fixed = s.fixedHeader || s.layout === 'common';
  const tabs = s.showTabs ? <TabsBar /> : null;

  return (
    <Box
      className={`pv-shell pv-layout-${s.layout}`}
      data-layout={s.layout}
      data-device={s.device}
      data-theme={s.themeName}
      sx={{ minHeight: '100vh', bgcolor: 'background.default', display: 'flex', flexDirection: 'column' }}
    >
      {s.showProgressBar ? <ProgressBar /> : null}
      {wide ? (
        <Box sx={{ position: fixed ? 'sticky' : 'relative', top: 0, zIndex: 1200 }}>
          <WideHeader p={p} />
        </Box>
      ) : null}
      {!s.lock && s.layout !== 'horizontal' ? <Sidebar p={p} top={wide ? NAV_HEIGHT : 0} /> : null}
      {mobile && !s.collapse && !s.lock ? (
        <Box data-testid="mobile-mask" onClick={() => settings.set({ collapse: true })} sx={{ position: 'fixed', inset: 0, zIndex: 1299, bgcolor: 'rgba(0,0,0,.4)' }} />
      ) : null}
      <Box sx={{ ml: `${left}px`, transition: 'margin-left .2s', display: 'flex', flexDirection: 'column', flex: 1, minWidth: 0 }}>
        <Box sx={{ position: fixed ? 'sticky' : 'relative', top: wide && fixed ? NAV_HEIGHT : 0, zIndex: 1100, bgcolor: 'background.paper' }}>
          {wide ? null : <NavBar p={p} />}
          {tabs}
        </Box>
        <Content>{children}</Content>
        <Footer />
      </Box>
      <ThemeDrawer />
      <LockScreen />
      {appConfig.pwa ? (
        <Suspense fallback={null}>
          <PwaUpdate />
        </Suspense>
      ) : null}
    </Box>
  );
};
