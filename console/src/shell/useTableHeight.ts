import { type RefObject, useEffect, useLayoutEffect, useState } from 'react';
import { tableHeight } from '../config.ts';

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
  const [height, setHeight] = useState(() => Math.max(MIN_TABLE, tableHeight(typeof window === 'undefined' ? 900 : window.innerHeight)));
  // measured after every render (the controls above may have changed) and on window resizes; a
  // cached tab's page is hidden and keeps what it had, without re-rendering
  useLayoutEffect(() => {
    const next = fillHeight(boxRef.current);
    if (next !== null && Math.abs(next - height) > 1) setHeight(next);
  });
  useEffect(() => {
    const onResize = () => {
      const next = fillHeight(boxRef.current);
      if (next !== null) setHeight((h) => (Math.abs(next - h) > 1 ? next : h));
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [boxRef]);
  return height;
}

function fillHeight(box: HTMLElement | null): number | null {
  if (!box || !box.getClientRects().length) return null;
  const top = box.getBoundingClientRect().top + window.scrollY;
  return Math.max(MIN_TABLE, Math.round(window.innerHeight - top - BELOW_TABLE));
}

/** sx for a react-admin <Datagrid>: the rows scroll inside `height`, the header sticks. */
export const scrollingTableSx = (height: number) =>
  ({
    '& .RaDatagrid-tableWrapper': { maxHeight: height, overflow: 'auto' },
    '& .RaDatagrid-headerCell': { position: 'sticky', top: 0, zIndex: 2, backgroundColor: 'background.paper' },
  }) as const;
