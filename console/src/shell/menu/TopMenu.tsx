import { useState } from 'react';
import { Box, ButtonBase } from '@mui/material';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { MenuIconOf } from './icons.tsx';
import { containsPath, type MenuEntry } from './model.ts';
import { EntryMark, PopoutMenu, type MenuViewProps } from './SideMenu.tsx';
import { useRouteTitle } from './useMenu.ts';

/**
 * The first level drawn across the top bar (horizontal layout: submenus drop down; comprehensive
 * layout with `rootsOnly`: a click opens the entry's first item, its children go to the sidebar).
 */
export const TopMenu = ({
  entries,
  activePath,
  palette,
  onOpen,
  rootsOnly = false,
  onOpenRoot,
}: MenuViewProps & { rootsOnly?: boolean; onOpenRoot?: (entry: MenuEntry) => void }) => {
  const title = useRouteTitle();
  const [anchor, setAnchor] = useState<{ el: HTMLElement; entry: MenuEntry } | null>(null);
  return (
    <Box component="nav" data-testid="top-menu" sx={{ display: 'flex', alignItems: 'stretch', height: '100%', minWidth: 0, overflowX: 'auto', scrollbarWidth: 'none' }}>
      {entries.map((e) => {
        const active = containsPath(e, activePath);
        return (
          <ButtonBase
            key={e.path}
            data-menu-path={e.path}
            aria-current={active ? 'page' : undefined}
            aria-haspopup={e.children && !rootsOnly ? 'menu' : undefined}
            onClick={(ev) => {
              if (rootsOnly) onOpenRoot?.(e);
              else if (e.children) setAnchor({ el: ev.currentTarget, entry: e });
              else onOpen(e);
            }}
            sx={{
              px: 2,
              gap: 0.75,
              fontSize: 14,
              whiteSpace: 'nowrap',
              color: active ? palette.activeText : palette.text,
              bgcolor: active ? palette.activeBg : 'transparent',
              borderBottom: '3px solid',
              borderBottomColor: active ? (palette.dark ? 'rgba(255,255,255,.8)' : palette.activeText) : 'transparent',
              '&:hover': { bgcolor: active ? palette.activeBg : palette.hover },
            }}
          >
            <MenuIconOf icon={e.icon} />
            {title(e.title)}
            <EntryMark entry={e} />
            {e.children && !rootsOnly ? <ExpandMore sx={{ fontSize: 16, opacity: 0.7 }} /> : null}
          </ButtonBase>
        );
      })}
      <PopoutMenu anchor={anchor} onClose={() => setAnchor(null)} side="bottom" activePath={activePath} palette={palette} onOpen={onOpen} />
    </Box>
  );
};
