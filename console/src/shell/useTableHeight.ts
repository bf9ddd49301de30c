import { useSyncExternalStore } from 'react';
import { tableHeight } from '../config.ts';

const subscribe = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};

/**
 * The height a list's table may take (SPEC.md §9: window height − 291, − 60 per extra row of
 * controls above it), following window resizes. The table body scrolls under a sticky header, so
 * the pagination stays on screen.
 */
export function useTableHeight(extra = 0): number {
  const height = useSyncExternalStore(subscribe, () => window.innerHeight, () => 900);
  return Math.max(240, tableHeight(height, extra));
}

/** sx for a react-admin <Datagrid>: the rows scroll inside `height`, the header sticks. */
export const scrollingTableSx = (height: number) =>
  ({
    '& .RaDatagrid-tableWrapper': { maxHeight: height, overflow: 'auto' },
    '& .RaDatagrid-headerCell': { position: 'sticky', top: 0, zIndex: 2, backgroundColor: 'background.paper' },
  }) as const;
