import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { type ColumnPriority, collapseOrder, columnsToCollapse } from './columns.ts';

/** The header cell class of column `i` (so its width can be measured, whatever renders the table). */
export const columnIndexClass = (i: number) => `pv-ci-${i}`;

interface Fit {
  collapsed: number[];
  /** what the decision was made for: the box's width and the rows shown */
  width: number;
  rows: string;
  priorities: string;
}

/**
 * Which columns of a table to collapse so the table fits its box (`boxRef`, the element that would
 * otherwise scroll sideways). After a change of the box's width or of the rows, every column is shown
 * once and measured (`rowsKey` names the rows, e.g. their ids joined); the columns wider than the box can hold collapse in `collapseOrder` — all before
 * the browser paints, so nobody sees the wide table. Columns declared must-show never collapse: if
 * they alone are wider than the box, the box scrolls.
 */
export function useFittingColumns(priorities: readonly ColumnPriority[], rowsKey: string) {
  const boxRef = useRef<HTMLDivElement>(null);
  const [fit, setFit] = useState<Fit>({ collapsed: [], width: 0, rows: rowsKey, priorities: '' });
  const [, setTick] = useState(0);
  const key = priorities.join();
  // a change of the box's width (window, sidebar, a cached tab shown again) or of the table's (a cell
  // whose content came later: buttons that wait for the user's identity) measures again
  const observer = useRef<ResizeObserver | null>(null);
  const observed = useRef<Element | null>(null);
  useEffect(() => {
    const box = boxRef.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    observer.current = new ResizeObserver(() => setTick((t) => t + 1));
    observer.current.observe(box);
    return () => {
      observer.current?.disconnect();
      observer.current = null;
      observed.current = null;
    };
  }, []);

  useLayoutEffect(() => {
    const box = boxRef.current;
    const table = box?.querySelector('table');
    if (table && observer.current && observed.current !== table) {
      if (observed.current) observer.current.unobserve(observed.current);
      observer.current.observe(table);
      observed.current = table;
    }
    const width = Math.round(box?.getBoundingClientRect().width ?? 0);
    if (!box || !table || width === 0) return; // not on screen (a cached tab): keep the last decision
    const same = fit.width === width && fit.rows === rowsKey && fit.priorities === key;
    if (!same && fit.collapsed.length) {
      // show everything once, measure on the next pass
      setFit({ collapsed: [], width, rows: rowsKey, priorities: key });
      return;
    }
    const excess = table.getBoundingClientRect().width - box.clientWidth;
    const collapsed = same ? fit.collapsed : [];
    const widths = new Map<number, number>();
    priorities.forEach((_, i) => {
      const th = table.querySelector(`th.${columnIndexClass(i)}`);
      if (th) widths.set(i, th.getBoundingClientRect().width);
    });
    const more = excess > 1 ? columnsToCollapse(collapseOrder(priorities), collapsed, widths, excess) : [];
    if (more.length || !same) setFit({ collapsed: [...collapsed, ...more], width, rows: rowsKey, priorities: key });
  });

  return { boxRef, collapsed: fit.collapsed };
}
