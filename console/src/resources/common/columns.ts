/**
 * What a table does with a column when the table is wider than its box. Declared beside the column —
 * spread onto a react-admin field inside <ListDatagrid> or onto a <DataTable> column:
 *
 *   <FunctionField source="amount" … {...MUST_SHOW} />      never collapses (amounts, state, the row's action)
 *   <TextField source="created_by_name" … {...HIDE_FIRST} /> collapses before the others
 *
 * Every other column may collapse too, after the HIDE_FIRST ones, the rightmost first. A collapsed
 * column's values are not lost: each row gets an expand button that shows them as label: value.
 * The classes also mark the header cells, so the browser test can find every must-show column.
 */
export const MUST_SHOW_CLASS = 'pv-col-must';
export const HIDE_FIRST_CLASS = 'pv-col-hide-first';

export const MUST_SHOW = { headerClassName: MUST_SHOW_CLASS } as const;
export const HIDE_FIRST = { headerClassName: HIDE_FIRST_CLASS } as const;

export type ColumnPriority = 'must' | 'normal' | 'hideFirst';

/** A column's priority from its header class (MUST_SHOW / HIDE_FIRST spread onto it). */
export function priorityOf(props: { headerClassName?: string } | null | undefined): ColumnPriority {
  const cls = ` ${props?.headerClassName ?? ''} `;
  if (cls.includes(` ${MUST_SHOW_CLASS} `)) return 'must';
  if (cls.includes(` ${HIDE_FIRST_CLASS} `)) return 'hideFirst';
  return 'normal';
}

/** The order columns collapse in: HIDE_FIRST ones from the right, then the others from the right; must-show never. */
export function collapseOrder(priorities: readonly ColumnPriority[]): number[] {
  const from = (p: ColumnPriority) =>
    priorities
      .map((q, i) => (q === p ? i : -1))
      .filter((i) => i >= 0)
      .reverse();
  return [...from('hideFirst'), ...from('normal')];
}

/**
 * The next columns to collapse so that `excess` pixels go: along `order` (skipping those already
 * collapsed) until the widths taken away cover the excess. Widths of columns not measured count as 0,
 * so one more pass takes the next column if the first was not enough.
 */
export function columnsToCollapse(order: readonly number[], collapsed: readonly number[], widths: ReadonlyMap<number, number>, excess: number): number[] {
  const out: number[] = [];
  let freed = 0;
  for (const i of order) {
    if (freed >= excess) break;
    if (collapsed.includes(i)) continue;
    out.push(i);
    freed += widths.get(i) ?? 0;
  }
  return out;
}
