import { type RefObject, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { tableHeight } from '../config.ts';

const subscribe = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};

/** What stays under a list's table: its pagination row and the footer. */
const BELOW_TABLE = 104;
/** A table never gets less (on a short window the page scrolls instead). */
const MIN_TABLE = 280;

/**
 * The most a list's table box may take: from where the box starts down to the bottom of the window,
 * less its pagination and the footer, measured, not guessed from the controls above it (SPEC.md §9's
 * window height − 291 is the first guess until the box is on screen). The box then follows its rows:
 * ten rows take ten rows' height, and only a longer page scrolls inside, under a sticky header, with
 * the pagination on screen.
 */
export function useTableHeight(boxRef: RefObject<HTMLElement | null>): number {
  const windowHeight = useSyncExternalStore(subscribe, () => window.innerHeight, () => 900);
  const [height, setHeight] = useState(() => Math.max(MIN_TABLE, tableHeight(windowHeight)));
  useLayoutEffect(() => {
    const box = boxRef.current;
    // a cached tab's page is hidden: keep what it had
    if (!box || !box.getClientRects().length) return;
    const top = box.getBoundingClientRect().top + window.scrollY;
    const next = Math.max(MIN_TABLE, Math.round(windowHeight - top - BELOW_TABLE));
    if (Math.abs(next - height) > 1) setHeight(next);
  });
  return height;
}

/** sx for a react-admin <Datagrid>: the rows scroll inside `height`, the header sticks. */
export const scrollingTableSx = (height: number) =>
  ({
    '& .RaDatagrid-tableWrapper': { maxHeight: height, overflow: 'auto' },
    '& .RaDatagrid-headerCell': { position: 'sticky', top: 0, zIndex: 2, backgroundColor: 'background.paper' },
  }) as const;
