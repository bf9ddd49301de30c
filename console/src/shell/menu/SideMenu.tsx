import { useEffect, useMemo, useState, type MouseEvent, type ReactNode } from 'react';
import { Box, Chip, Collapse, List, ListItemButton, ListItemIcon, ListItemText, Popover, Tooltip } from '@mui/material';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { appConfig } from '../../config.ts';
import type { MenuPalette } from '../themes/buildTheme.ts';
import { MenuIconOf } from './icons.tsx';
import { containsPath, entryTrail, needsScroll, type MenuEntry } from './model.ts';
import { useRouteTitle } from './useMenu.ts';

export interface MenuViewProps {
  entries: MenuEntry[];
  activePath: string;
  palette: MenuPalette;
  onOpen: (entry: MenuEntry) => void;
}

/** Badge (e.g. New) or dot beside an item's title. */
export const EntryMark = ({ entry }: { entry: MenuEntry }) =>
  entry.badge ? (
    <Chip label={entry.badge} size="small" color="error" sx={{ height: 18, fontSize: 11, ml: 1, '& .MuiChip-label': { px: 0.75 } }} />
  ) : entry.dot ? (
    <Box component="span" data-testid="menu-dot" sx={{ width: 7, height: 7, borderRadius: '50%', bgcolor: 'error.main', ml: 1, flex: 'none' }} />
  ) : null;

/** Icon, title and mark of an entry's row. */
const EntryContent = ({ entry, title }: { entry: MenuEntry; title: string }) => (
  <>
    <ListItemIcon>
      <MenuIconOf icon={entry.icon} />
    </ListItemIcon>
    <ListItemText primary={title} slotProps={{ primary: MENU_TEXT }} />
    <EntryMark entry={entry} />
  </>
);

/** A menu title wraps onto a second line (long English titles) rather than being cut with "…". */
const MENU_TEXT = { fontSize: 14, lineHeight: 1.3 } as const;

const itemSx = (palette: MenuPalette, active: boolean, depth: number) => ({
  minHeight: 46,
  pl: 2.25 + depth * 1.75,
  pr: 1.5,
  mx: 0.75,
  my: 0.25,
  borderRadius: 1,
  color: active ? palette.activeText : palette.text,
  bgcolor: active ? palette.activeBg : 'transparent',
  '&:hover': { bgcolor: active ? palette.activeBg : palette.hover },
  '& .MuiListItemIcon-root': { color: 'inherit', minWidth: 34 },
  '&.Mui-selected, &.Mui-selected:hover': { bgcolor: palette.activeBg, color: palette.activeText },
});

/**
 * The vertical menu (sidebar tree): submenus expand in place (several may be open: uniqueOpened is
 * off); the active entry's parents open themselves.
 */
export const TreeMenu = ({ entries, activePath, palette, onOpen }: MenuViewProps) => {
  const title = useRouteTitle();
  const ancestors = useMemo(() => entryTrail(entries, activePath).slice(0, -1).map((e) => e.path), [entries, activePath]);
  const [openSet, setOpenSet] = useState<Set<string>>(() => new Set(ancestors));
  useEffect(() => {
    setOpenSet((prev) => (ancestors.every((p) => prev.has(p)) ? prev : new Set([...(appConfig.uniqueOpened ? [] : prev), ...ancestors])));
  }, [ancestors]);
  const toggle = (path: string) =>
    setOpenSet((prev) => {
      const next = new Set(appConfig.uniqueOpened ? [] : prev);
      if (prev.has(path)) next.delete(path);
      else next.add(path);
      return next;
    });

  const render = (list: MenuEntry[], depth: number) =>
    list.map((e) => {
      if (e.children) {
        const isOpen = openSet.has(e.path);
        const holds = containsPath(e, activePath);
        return (
          <Box key={e.path}>
            <ListItemButton
              onClick={() => toggle(e.path)}
              aria-expanded={isOpen}
              data-menu-path={e.path}
              sx={{ ...itemSx(palette, false, depth), color: holds ? palette.activeText : palette.text, fontWeight: holds ? 600 : undefined }}
            >
              <ListItemIcon>
                <MenuIconOf icon={e.icon} />
              </ListItemIcon>
              <ListItemText primary={title(e.title)} slotProps={{ primary: MENU_TEXT }} />
              <EntryMark entry={e} />
              {isOpen ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
            </ListItemButton>
            <Collapse in={isOpen} timeout="auto">
              <List disablePadding>{render(e.children, depth + 1)}</List>
            </Collapse>
          </Box>
        );
      }
      const active = e.path === activePath;
      return (
        <ListItemButton
          key={e.path}
          selected={active}
          onClick={() => onOpen(e)}
          data-menu-path={e.path}
          aria-current={active ? 'page' : undefined}
          sx={itemSx(palette, active, depth)}
        >
          <EntryContent entry={e} title={title(e.title)} />
        </ListItemButton>
      );
    });

  return (
    <List component="nav" disablePadding sx={{ py: 0.5 }} data-testid="tree-menu">
      {render(entries, 0)}
    </List>
  );
};

/** A pop-out list of a submenu's entries (folded sidebar, float layout, top menu); more than 18 scroll. */
export const PopoutList = ({
  entry,
  activePath,
  palette,
  onOpen,
  horizontal,
}: Omit<MenuViewProps, 'entries'> & { entry: MenuEntry; horizontal: boolean }) => {
  const title = useRouteTitle();
  const scroll = needsScroll(entry, { horizontal, collapsed: !horizontal }, appConfig.menuScrollThreshold);
  const render = (list: MenuEntry[], depth: number): ReactNode[] =>
    list.flatMap((c) => {
      const active = c.path === activePath;
      const row = (
        <ListItemButton
          key={c.path}
          selected={active}
          onClick={c.children ? undefined : () => onOpen(c)}
          data-menu-path={c.path}
          sx={{ ...itemSx(palette, active, depth), minHeight: 40, cursor: c.children ? 'default' : 'pointer' }}
        >
          <EntryContent entry={c} title={title(c.title)} />
        </ListItemButton>
      );
      return [row, ...(c.children ? render(c.children, depth + 1) : [])];
    });
  return (
    <List
      dense
      data-testid="menu-popout"
      data-scroll={scroll ? 'true' : 'false'}
      sx={{ minWidth: 200, py: 0.5, ...(scroll ? { maxHeight: '60vh', overflowY: 'auto' } : {}) }}
    >
      {render(entry.children ?? [], 0)}
    </List>
  );
};

/**
 * The folded sidebar (and the float layout): first-level icons only; an item shows its title in a
 * tooltip, a submenu pops its entries out beside it.
 */
export const FoldedMenu = ({ entries, activePath, palette, onOpen }: MenuViewProps) => {
  const title = useRouteTitle();
  const [anchor, setAnchor] = useState<{ el: HTMLElement; entry: MenuEntry } | null>(null);
  const openPop = (ev: MouseEvent<HTMLElement>, entry: MenuEntry) => setAnchor({ el: ev.currentTarget, entry });
  return (
    <List component="nav" disablePadding sx={{ py: 0.5 }} data-testid="folded-menu">
      {entries.map((e) => {
        const active = containsPath(e, activePath);
        return (
          <Tooltip key={e.path} title={title(e.title)} placement="right" disableInteractive>
            <ListItemButton
              selected={active}
              aria-label={title(e.title)}
              data-menu-path={e.path}
              onClick={(ev) => (e.children ? openPop(ev, e) : onOpen(e))}
              sx={{ ...itemSx(palette, active, 0), justifyContent: 'center', px: 0, mx: 0.75, minHeight: 46 }}
            >
              <MenuIconOf icon={e.icon} fontSize="medium" />
              {e.children ? <ChevronRight sx={{ fontSize: 12, position: 'absolute', right: 2, opacity: 0.5 }} /> : null}
              {e.dot || e.badge ? <Box component="span" sx={{ position: 'absolute', top: 8, right: 10, width: 7, height: 7, borderRadius: '50%', bgcolor: 'error.main' }} /> : null}
            </ListItemButton>
          </Tooltip>
        );
      })}
      <PopoutMenu anchor={anchor} onClose={() => setAnchor(null)} side="right" activePath={activePath} palette={palette} onOpen={onOpen} />
    </List>
  );
};

/** A submenu's entries popped out beside (folded sidebar) or below (top menu) the entry that opened them. */
export const PopoutMenu = ({
  anchor,
  onClose,
  side,
  activePath,
  palette,
  onOpen,
}: Omit<MenuViewProps, 'entries'> & { anchor: { el: HTMLElement; entry: MenuEntry } | null; onClose: () => void; side: 'right' | 'bottom' }) => (
  <Popover
    open={anchor !== null}
    anchorEl={anchor?.el}
    onClose={onClose}
    anchorOrigin={side === 'right' ? { vertical: 'top', horizontal: 'right' } : { vertical: 'bottom', horizontal: 'left' }}
    transformOrigin={{ vertical: 'top', horizontal: 'left' }}
    slotProps={{ paper: { sx: { background: palette.surface, color: palette.text, ml: side === 'right' ? 0.5 : 0 } } }}
  >
    {anchor ? (
      <PopoutList
        entry={anchor.entry}
        activePath={activePath}
        palette={palette}
        horizontal={side === 'bottom'}
        onOpen={(c) => {
          onClose();
          onOpen(c);
        }}
      />
    ) : null}
  </Popover>
);
