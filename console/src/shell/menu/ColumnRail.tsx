import { Box, ButtonBase, Tooltip } from '@mui/material';
import type { ThemeSettings } from '../settings/store.ts';
import type { MenuPalette } from '../themes/buildTheme.ts';
import { MenuIconOf } from './icons.tsx';
import { containsPath, type MenuEntry } from './model.ts';
import { useRouteTitle } from './useMenu.ts';

/**
 * The 64 px rail of the column layout: one button per first-level entry, drawn in the column style
 * (vertical: icon over title; horizontal: icon beside a small title; card: the active entry a raised
 * card; arrow: an arrow points from the active entry to the second-level menu).
 */
export const ColumnRail = ({
  entries,
  activePath,
  palette,
  columnStyle,
  onOpenRoot,
}: {
  entries: MenuEntry[];
  activePath: string;
  palette: MenuPalette;
  columnStyle: ThemeSettings['columnStyle'];
  onOpenRoot: (entry: MenuEntry) => void;
}) => {
  const title = useRouteTitle();
  return (
    <Box component="nav" data-testid="column-rail" data-column-style={columnStyle} sx={{ width: 64, flex: 1, py: 0.5, overflowY: 'auto', scrollbarWidth: 'none' }}>
      {entries.map((e) => {
        const active = containsPath(e, activePath);
        const label = title(e.title);
        const card = columnStyle === 'card';
        const arrow = columnStyle === 'arrow';
        return (
          <Tooltip key={e.path} title={label} placement="right" disableInteractive>
            <ButtonBase
              data-menu-path={e.path}
              aria-label={label}
              aria-current={active ? 'page' : undefined}
              onClick={() => onOpenRoot(e)}
              sx={{
                position: 'relative',
                display: 'flex',
                flexDirection: columnStyle === 'horizontal' ? 'row' : 'column',
                gap: columnStyle === 'horizontal' ? 0.25 : 0.25,
                width: card ? 52 : 64,
                mx: card ? '6px' : 0,
                my: card ? 0.5 : 0,
                minHeight: columnStyle === 'horizontal' ? 44 : 58,
                borderRadius: card ? 1.5 : 0,
                px: 0.25,
                color: active ? (card || columnStyle === 'vertical' ? palette.activeText : palette.activeText) : palette.textMuted,
                bgcolor: active && !arrow ? palette.activeBg : 'transparent',
                boxShadow: active && card ? '0 2px 8px rgba(0,0,0,.18)' : 'none',
                '&:hover': { bgcolor: active && !arrow ? palette.activeBg : palette.hover, color: active ? palette.activeText : palette.text },
                ...(active && arrow
                  ? {
                      color: palette.dark ? '#fff' : palette.activeText,
                      '&::after': {
                        content: '""',
                        position: 'absolute',
                        right: 0,
                        top: '50%',
                        transform: 'translateY(-50%)',
                        borderStyle: 'solid',
                        borderWidth: '7px 8px 7px 0',
                        borderColor: `transparent ${palette.surface} transparent transparent`,
                      },
                    }
                  : {}),
                ...(active && columnStyle === 'vertical' ? { borderLeft: '3px solid currentColor' } : {}),
              }}
            >
              <MenuIconOf icon={e.icon} fontSize={columnStyle === 'horizontal' ? 'inherit' : 'small'} />
              <Box
                component="span"
                sx={{
                  fontSize: columnStyle === 'horizontal' ? 11 : 12,
                  lineHeight: 1.2,
                  maxWidth: columnStyle === 'horizontal' ? 44 : 60,
                  overflow: 'hidden',
                  textOverflow: 'ellipsis',
                  whiteSpace: 'nowrap',
                }}
              >
                {label}
              </Box>
            </ButtonBase>
          </Tooltip>
        );
      })}
    </Box>
  );
};
