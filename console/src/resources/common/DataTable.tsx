import { Fragment, type Key, type ReactNode, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Box, IconButton, Table, TableBody, TableCell, TableHead, TableRow, type SxProps, type Theme } from '@mui/material';
import ExpandIcon from '@mui/icons-material/KeyboardArrowRight';
import CollapseIcon from '@mui/icons-material/KeyboardArrowDown';
import { priorityOf } from './columns.ts';
import { columnIndexClass, useFittingColumns } from './useFittingColumns.ts';

/** One column of a <DataTable>: its label, how a row shows in it, and (MUST_SHOW / HIDE_FIRST) what it does on a narrow table. */
export interface Column<T> {
  key: string;
  label: ReactNode;
  render: (row: T) => ReactNode;
  align?: 'left' | 'right' | 'center';
  /** MUST_SHOW or HIDE_FIRST (columns.ts), spread onto the column */
  headerClassName?: string;
  /** keep the cell on one line: numbers, codes, dates, short labels */
  nowrap?: boolean;
  sx?: SxProps<Theme>;
  /** data-testid of the column's cells */
  testId?: string;
}

/** A table's columns; `false` leaves one out (a column only some users or states have). */
export type Columns<T> = readonly (Column<T> | false | null | undefined)[];

/** The values of the columns a narrow table collapsed, as label: value pairs under the row. */
export const CollapsedFields = ({ items }: { items: { key: Key; label: ReactNode; value: ReactNode }[] }) => (
  <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: 1.5, m: 0, py: 1 }} data-testid="collapsed-fields">
    {items.map((it) => (
      <Box key={it.key} sx={{ minWidth: 0 }}>
        <Box component="dt" sx={{ typography: 'caption', color: 'text.secondary' }}>
          {it.label}
        </Box>
        <Box component="dd" sx={{ typography: 'body2', m: 0, wordBreak: 'break-word' }}>
          {it.value}
        </Box>
      </Box>
    ))}
  </Box>
);

/** The expand button in front of a row whose columns collapsed. */
export const ExpandButton = ({ open, onClick }: { open: boolean; onClick: () => void }) => {
  const translate = useTranslate();
  return (
    <IconButton
      size="small"
      aria-expanded={open}
      aria-label={translate(open ? 'pv.table.collapse' : 'pv.table.expand')}
      onClick={(e) => {
        e.stopPropagation();
        onClick();
      }}
      data-testid="row-expand"
    >
      {open ? <CollapseIcon fontSize="small" /> : <ExpandIcon fontSize="small" />}
    </IconButton>
  );
};

/**
 * A small table on a detail page or in a panel, declared as columns. It takes its box's width; when it
 * is wider, columns collapse (HIDE_FIRST first, MUST_SHOW never) and each row gets an expand button
 * that shows the collapsed values below it.
 */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  testId,
  rowTestId,
  rowAttrs,
  rowSx,
  onRowClick,
  footer,
  maxHeight,
  sx,
}: {
  columns: Columns<T>;
  rows: readonly T[];
  rowKey: (row: T, index: number) => Key;
  testId?: string;
  rowTestId?: string;
  /** more attributes of a row (data-* for tests) */
  rowAttrs?: (row: T) => Record<`data-${string}`, string | number | undefined>;
  rowSx?: (row: T) => SxProps<Theme> | undefined;
  onRowClick?: (row: T) => void;
  /** rows of the table's footer (totals), under the body */
  footer?: ReactNode;
  /** a long table scrolls inside this height under a sticky header */
  maxHeight?: number | string;
  sx?: SxProps<Theme>;
}) {
  const cols = columns.filter((c): c is Column<T> => !!c);
  const keys = rows.map(rowKey);
  const { boxRef, collapsed } = useFittingColumns(
    cols.map((c) => priorityOf(c)),
    `${cols.map((c) => c.key).join()}|${keys.join()}`,
  );
  const [open, setOpen] = useState<ReadonlySet<Key>>(new Set());
  const shown = cols.map((c, i) => ({ c, i })).filter(({ i }) => !collapsed.includes(i));
  const folded = cols.filter((_, i) => collapsed.includes(i));
  const toggle = (k: Key) =>
    setOpen((s) => {
      const next = new Set(s);
      if (next.has(k)) next.delete(k);
      else next.add(k);
      return next;
    });
  const cellSx = (c: Column<T>): SxProps<Theme> => [c.nowrap ? { whiteSpace: 'nowrap' } : {}, ...(Array.isArray(c.sx) ? c.sx : [c.sx])];
  return (
    <Box ref={boxRef} sx={{ overflowX: 'auto', minWidth: 0, ...(maxHeight ? { maxHeight, overflowY: 'auto' } : {}) }}>
      <Table size="small" stickyHeader={!!maxHeight} data-testid={testId} sx={sx}>
        <TableHead>
          <TableRow>
            {folded.length > 0 && <TableCell padding="checkbox" />}
            {shown.map(({ c, i }) => (
              <TableCell key={c.key} align={c.align} className={[c.headerClassName, columnIndexClass(i)].filter(Boolean).join(' ')} sx={{ whiteSpace: 'nowrap' }}>
                {c.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, r) => {
            const k = keys[r]!;
            const isOpen = folded.length > 0 && open.has(k);
            return (
              <Fragment key={k}>
                <TableRow
                  data-testid={rowTestId}
                  {...rowAttrs?.(row)}
                  hover={!!onRowClick}
                  onClick={onRowClick ? () => onRowClick(row) : undefined}
                  tabIndex={onRowClick ? 0 : undefined}
                  onKeyDown={onRowClick ? (e) => e.key === 'Enter' && e.target === e.currentTarget && onRowClick(row) : undefined}
                  sx={[onRowClick ? { cursor: 'pointer', '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 } } : {}, ...(rowSx ? [rowSx(row)] : []), isOpen ? { '& > td': { borderBottom: 0 } } : {}] as SxProps<Theme>}
                >
                  {folded.length > 0 && (
                    <TableCell padding="checkbox">
                      <ExpandButton open={isOpen} onClick={() => toggle(k)} />
                    </TableCell>
                  )}
                  {shown.map(({ c }) => (
                    <TableCell key={c.key} align={c.align} sx={cellSx(c)} data-testid={c.testId}>
                      {c.render(row)}
                    </TableCell>
                  ))}
                </TableRow>
                {isOpen && (
                  <TableRow>
                    <TableCell colSpan={shown.length + 1} sx={{ pl: 7 }}>
                      <CollapsedFields items={folded.map((c) => ({ key: c.key, label: c.label, value: c.render(row) }))} />
                    </TableCell>
                  </TableRow>
                )}
              </Fragment>
            );
          })}
        </TableBody>
        {footer}
      </Table>
    </Box>
  );
}
