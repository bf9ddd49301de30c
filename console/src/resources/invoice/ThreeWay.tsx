import { useDataProvider } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Box, Link, Table, TableBody, TableCell, TableRow } from '@mui/material';
import type { InvoiceMatchTargetValue } from '@pv/contract';
import type { PvDataProvider } from '../../providers/dataProvider.ts';
import { useHasPermission } from '../common/actions.tsx';
import { EmptyNote, FieldGrid, Panel } from '../common/layout.tsx';
import { Value } from '../common/DetailPage.tsx';
import { Yuan } from '../finance/common.tsx';
import { InvoiceStatusChip } from './common.tsx';
import { INVOICE_API, invoiceDetailPath } from './logic.ts';

interface View {
  settled_amount: string;
  invoiced_amount: string;
  /** null for a statement (no payment path in the product) */
  paid_amount: string | null;
  uninvoiced: string;
  unpaid_invoiced: string | null;
  list: Array<{ id: number; amount: string; invoice_id: number; invoice_no: string; issue_date: string; status: string; total: string }>;
}

/** 发票匹配 on a target's page (a settlement or a statement): settled, invoiced, paid, the differences and the invoices matched; only for users who read invoices. */
export const ThreeWayPanel = ({ targetType, targetId, version }: { targetType: InvoiceMatchTargetValue; targetId: number; version: number }) => {
  const may = useHasPermission('invoice:index');
  const dataProvider = useDataProvider<PvDataProvider>();
  const { data } = useQuery({
    queryKey: [INVOICE_API, 'for_target', targetType, targetId, version],
    queryFn: () => dataProvider.read<View>(INVOICE_API, 'for_target', { target_type: targetType, target_id: targetId }).then((r) => r.data),
    enabled: may,
  });
  if (!may || !data) return null;
  const warn = (v: string) => (Number(v) === 0 ? undefined : 'warning.main');
  return (
    <Panel title="pv.invoice.three_way.title" testId="three-way">
      <FieldGrid>
        <Value label="pv.invoice.three_way.settled">
          <Box component="span" data-testid="three-way-settled">
            <Yuan value={data.settled_amount} strong />
          </Box>
        </Value>
        <Value label="pv.invoice.three_way.invoiced">
          <Box component="span" data-testid="three-way-invoiced">
            <Yuan value={data.invoiced_amount} strong />
          </Box>
        </Value>
        {data.paid_amount !== null && (
          <Value label="pv.invoice.three_way.paid">
            <Box component="span" data-testid="three-way-paid">
              <Yuan value={data.paid_amount} strong />
            </Box>
          </Value>
        )}
        <Value label="pv.invoice.three_way.uninvoiced">
          <Box component="span" sx={{ color: warn(data.uninvoiced) }} data-testid="three-way-uninvoiced">
            <Yuan value={data.uninvoiced} />
          </Box>
        </Value>
        {data.unpaid_invoiced !== null && (
          <Value label="pv.invoice.three_way.unpaid">
            <Box component="span" sx={{ color: warn(data.unpaid_invoiced) }}>
              <Yuan value={data.unpaid_invoiced} />
            </Box>
          </Value>
        )}
      </FieldGrid>
      {data.paid_amount === null && <EmptyNote text="pv.invoice.three_way.no_payment" />}
      {data.list.length === 0 ? (
        <EmptyNote text="pv.invoice.three_way.none" />
      ) : (
        <Table size="small">
          <TableBody>
            {data.list.map((m) => (
              <TableRow key={m.id} data-testid="three-way-row">
                <TableCell>
                  <Link component={RouterLink} to={invoiceDetailPath(m.invoice_id)}>
                    {m.invoice_no}
                  </Link>
                </TableCell>
                <TableCell>{m.issue_date}</TableCell>
                <TableCell align="right">
                  <Yuan value={m.amount} strong />
                </TableCell>
                <TableCell>
                  <InvoiceStatusChip status={m.status} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Panel>
  );
};
