import { Children, cloneElement, isValidElement, type KeyboardEvent, type ReactElement, type ReactNode, type RefObject, useLayoutEffect, useRef } from 'react';
import { Datagrid, type DatagridProps, Labeled, useListContext } from 'react-admin';
import { Box } from '@mui/material';
import { scrollingTableSx, useTableHeight } from '../../shell/useTableHeight.ts';
import { priorityOf } from './columns.ts';
import { columnIndexClass, useFittingColumns } from './useFittingColumns.ts';

type FieldElement = ReactElement<{ source?: string; label?: ReactNode; headerClassName?: string }>;

/** A row's collapsed columns, label over value, in the row's expand panel (the record is in context). */
const CollapsedPanel = ({ fields, extra }: { fields: FieldElement[]; extra?: ReactNode }) => (
  <>
    <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: 1.5, py: 0.5 }} data-testid="collapsed-fields">
      {fields.map((f, i) => (
        <Box key={f.props.source ?? i} sx={{ minWidth: 0, '& .RaLabeled-label': { mb: 0.25 } }}>
          <Labeled>{f}</Labeled>
        </Box>
      ))}
    </Box>
    {extra}
  </>
);

/** Header and cells of a list: one line each, long texts end in … within `cellMaxWidth`. */
const denseSx = (cellMaxWidth: number) =>
  ({
    '& th.RaDatagrid-headerCell': { fontWeight: 600, whiteSpace: 'nowrap', px: 1 },
    '& .RaDatagrid-rowCell': { px: 1 },
    '& td.RaDatagrid-rowCell': { whiteSpace: 'nowrap', maxWidth: cellMaxWidth, overflow: 'hidden', textOverflow: 'ellipsis' },
    '& td.RaDatagrid-expandIconCell, & th.RaDatagrid-expandHeader': { px: 0.5, width: 40 },
    '& tr.RaDatagrid-clickableRow:focus-visible, & .RaDatagrid-expandIcon:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
  }) as const;

/**
 * react-admin draws clickable rows and the expand icons for the mouse only (no tab stop, the icon
 * hidden from screen readers): give both a tab stop and a name, and open a focused row with Enter;
 * name the row checkboxes.
 */
function useKeyboardRows(boxRef: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    for (const tr of box.querySelectorAll('tr.RaDatagrid-clickableRow')) if (!tr.hasAttribute('tabindex')) tr.setAttribute('tabindex', '0');
    for (const icon of box.querySelectorAll('.RaDatagrid-expandIcon')) {
      icon.setAttribute('tabindex', '0');
      icon.removeAttribute('aria-hidden');
    }
    // a row's checkbox carries its name on the wrapping span, where it names nothing: on the input
    for (const span of box.querySelectorAll('.select-item[aria-label]')) {
      span.querySelector('input')?.setAttribute('aria-label', span.getAttribute('aria-label')!);
      span.removeAttribute('aria-label');
    }
  });
}

const openFocusedRow = (e: KeyboardEvent) => {
  const row = e.target as HTMLElement;
  if ((e.key === 'Enter' || e.key === ' ') && row.tagName === 'TR' && row.classList.contains('RaDatagrid-clickableRow')) {
    e.preventDefault();
    row.click();
  }
};

/**
 * A list page's table (react-admin's <Datagrid>): as wide as its box and, with `fill`, as tall as the
 * rows up to the bottom of the window. Fields marked MUST_SHOW always show; when the box is narrower
 * than the table, the others collapse (HIDE_FIRST first, then from the right) into an expand panel
 * under each row. The list's own `expand` panel, if any, follows the collapsed fields.
 */
export const ListDatagrid = ({ children, fill = true, cellMaxWidth = 220, expand, isRowExpandable, sx, ...props }: DatagridProps & { fill?: boolean; cellMaxWidth?: number }) => {
  const { data } = useListContext();
  const fields = Children.toArray(children).filter(isValidElement) as FieldElement[];
  const { boxRef, collapsed } = useFittingColumns(
    fields.map((f) => priorityOf(f.props)),
    (data ?? []).map((r) => r.id).join(),
  );
  const heightRef = useRef<HTMLDivElement>(null);
  const height = useTableHeight(heightRef);
  useKeyboardRows(boxRef);
  const folded = fields.filter((_, i) => collapsed.includes(i));
  const shown = fields.map((f, i) => (collapsed.includes(i) ? null : cloneElement(f, { headerClassName: [f.props.headerClassName, columnIndexClass(i)].filter(Boolean).join(' ') })));
  return (
    <Box ref={boxRef} onKeyDown={openFocusedRow}>
      <Box ref={heightRef}>
        <Datagrid
          {...props}
          expand={folded.length ? <CollapsedPanel fields={folded} extra={expand as ReactNode} /> : expand}
          isRowExpandable={folded.length ? undefined : isRowExpandable}
          sx={[denseSx(cellMaxWidth), fill ? scrollingTableSx(height) : {}, ...(Array.isArray(sx) ? sx : [sx])]}
        >
          {shown}
        </Datagrid>
      </Box>
    </Box>
  );
};
