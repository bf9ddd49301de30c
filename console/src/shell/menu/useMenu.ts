import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useRefresh, useTranslate } from 'react-admin';
import { useAppRoutes } from '../routes/useAppRoutes.ts';
import { settings, useSettings } from '../settings/store.ts';
import { refreshView } from '../layouts/refresh.ts';
import { appConfig } from '../../config.ts';
import { activeMenuPath, buildMenu, firstLeaf, menuAction, titleKey, type MenuEntry } from './model.ts';

/** A route title in the current language (pv.route.<title>, else the title as typed). */
export function useRouteTitle() {
  const translate = useTranslate();
  return useCallback((title: string) => translate(titleKey(title), { _: title }), [translate]);
}

/** Reloads the view at the current path: the page remounts and react-admin refetches its data. */
export function useReloadView() {
  const { pathname } = useLocation();
  const refresh = useRefresh();
  return useCallback(() => {
    refreshView(pathname);
    refresh();
  }, [pathname, refresh]);
}

/**
 * The menu every layout draws, the entry to highlight and what a click does (SPEC.md §2 Menu rules).
 */
export function useShellMenu() {
  const routes = useAppRoutes();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { device } = useSettings();
  const reload = useReloadView();
  const menu = useMemo(() => buildMenu(routes), [routes]);
  const activePath = useMemo(() => activeMenuPath(routes, pathname), [routes, pathname]);

  const open = useCallback(
    (entry: MenuEntry) => {
      const action = menuAction(entry, pathname, device === 'mobile');
      switch (action.kind) {
        case 'blank':
          window.open(action.url, '_blank', 'noopener');
          break;
        case 'external':
          window.setTimeout(() => window.location.assign(action.url), appConfig.externalRedirectDelayMs);
          break;
        case 'reload':
          if (device === 'mobile') settings.set({ collapse: true });
          reload();
          break;
        case 'navigate':
          if (action.foldFirst) settings.set({ collapse: true });
          navigate(action.to);
          break;
      }
    },
    [pathname, device, navigate, reload],
  );

  /** A first-level entry of the column rail / comprehensive top bar: openFirstMenu leads to its first item. */
  const openRoot = useCallback(
    (entry: MenuEntry) => {
      if (entry.children && appConfig.openFirstMenu) open(firstLeaf(entry));
      else if (!entry.children) open(entry);
    },
    [open],
  );

  return { menu, activePath, pathname, open, openRoot, routes };
}
