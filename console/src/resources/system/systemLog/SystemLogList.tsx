import {
  FunctionField,
  List,
  NumberInput,
  Pagination,
  SelectInput,
  TextField,
  TextInput,
  useDataProvider,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { DateTimeInput } from '../../../forms/DateTimeInput.tsx';
import { Box, Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { FIELD_DISPLAY, displayValue, type RefNames } from '@pv/contract';
import type { PvDataProvider } from '../../../providers/dataProvider.ts';
import { LocalDateField, useLang } from '../../common/format.tsx';
import { diffRows } from './diff.ts';
import { ListDatagrid } from '../../common/ListDatagrid.tsx';
import { HIDE_FIRST, MUST_SHOW } from '../../common/columns.ts';

/** API resource → where the catalogue keeps its fields' labels (the forms'). */
const LABELS_OF: Record<string, string> = {
  customer: 'resources.customer/customerList.fields',
  user: 'resources.setting/userManagement.fields',
  role: 'resources.setting/roleManagement.fields',
  department: 'resources.setting/departmentManagement.fields',
  agent: 'resources.stationManagement/inputagent.fields',
  station: 'resources.stationManagement/stationList.fields',
  work_order: 'pv.workOrder.fields',
  self_audit: 'pv.selfAudit.fields',
  matter: 'resources.stationManagement/gebMatter.fields',
  operation_plan: 'resources.operation/operationPlan.fields',
  inspection: 'resources.operation/inspectionList.fields',
  maintenance: 'resources.operation/maintenanceList.fields',
  material: 'resources.operation/materialList.fields',
  warehouse: 'resources.operation/warehouseList.fields',
  lease_contract: 'resources.finance/leaseContract.fields',
  rent_bill: 'resources.finance/rentBill.fields',
  revenue: 'resources.finance/revenueList.fields',
  tariff: 'resources.finance/tariffList.fields',
  payment_batch: 'resources.finance/paymentBatch.fields',
  settlement: 'resources.finance/settlement.fields',
  settlement_rule: 'resources.finance/settlementRule.fields',
  invoice: 'resources.finance/invoice.fields',
  statement: 'resources.finance/statement.fields',
  partner: 'resources.partner/partnerList.fields',
  insurance_policy: 'resources.partner/insurancePolicy.fields',
  insurance_claim: 'resources.partner/insuranceClaim.fields',
  app_version: 'resources.other/appVersion.fields',
};

const ACTIONS = ['add', 'edit', 'del', 'update_field', 'run', 'login', 'logout'];
const RESOURCES = ['customer', 'user', 'role', 'department', 'menu', 'task', 'message', 'agent', 'auth'];


const useChoices = (group: 'action' | 'resource', values: string[]) => {
  const translate = useTranslate();
  return values.map((id) => ({ id, name: `${translate(`pv.syslog.${group}.${id}`, { _: id })} (${id})` }));
};

/**
 * Before/after of one entry, changed fields highlighted; values as the record's pages show them (labels,
 * ¥ amounts, China time, the names of the users and records they point at: syslog/refs).
 */
export const SyslogDiff = () => {
  const record = useRecordContext<{ id: number; resource: string; action: string; before: unknown; after: unknown }>();
  const translate = useTranslate();
  const lang = useLang();
  const dataProvider = useDataProvider<PvDataProvider>();
  const { data: refs = {} } = useQuery({
    queryKey: ['syslog', 'refs', record?.id],
    queryFn: () => dataProvider.read<RefNames>('syslog', 'refs', { id: record!.id }).then((r) => r.data),
    enabled: record?.id !== undefined,
  });
  if (!record) return null;
  const rows = diffRows(record.before, record.after);
  const label = (field: string) => {
    const keys = LABELS_OF[record.resource];
    return keys ? translate(`${keys}.${field}`, { _: field }) : field;
  };
  const display = FIELD_DISPLAY[record.resource];
  const side = (v: unknown) => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});
  const shown = (field: string, v: unknown, row: Record<string, unknown>) => displayValue(field, v, lang, { display, refs, row }) ?? '—';
  const changed = rows.filter((r) => r.changed).length;
  return (
    <Box sx={{ p: 1 }} data-testid="syslog-diff">
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {translate('pv.syslog.diff')} · {changed ? translate('pv.syslog.changed_count', { count: changed }) : translate('pv.syslog.no_changes')}
      </Typography>
      <Table size="small" sx={{ tableLayout: 'fixed', '& td': { verticalAlign: 'top', wordBreak: 'break-word' } }}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 200 }}>{translate('pv.syslog.field')}</TableCell>
            <TableCell>{translate('pv.syslog.before')}</TableCell>
            <TableCell>{translate('pv.syslog.after')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.field} data-changed={r.changed ? 'true' : undefined} sx={r.changed ? { bgcolor: 'rgba(255, 193, 7, 0.16)' } : { opacity: 0.6 }}>
              <TableCell sx={{ fontWeight: r.changed ? 600 : 400 }}>
                {label(r.field)}
                {label(r.field) !== r.field && (
                  <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 0.5, fontFamily: 'monospace' }}>
                    {r.field}
                  </Typography>
                )}
              </TableCell>
              <TableCell sx={r.changed && record.before ? { color: 'error.main', textDecoration: record.after ? 'line-through' : undefined } : undefined}>{shown(r.field, r.before, side(record.before))}</TableCell>
              <TableCell sx={r.changed && record.after ? { color: 'success.dark', fontWeight: 500 } : undefined}>{shown(r.field, r.after, side(record.after))}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
};

/** 系统日志: the audit log, newest first, filterable; a row expands to its before/after. Read-only. */
const SystemLogList = () => {
  const translate = useTranslate();
  const actionChoices = useChoices('action', ACTIONS);
  const resourceChoices = useChoices('resource', RESOURCES);
  const filters = [
    <TextInput key="username" source="username" alwaysOn />,
    <SelectInput key="action" source="action" choices={actionChoices} alwaysOn />,
    <SelectInput key="resource" source="resource" choices={resourceChoices} alwaysOn />,
    <NumberInput key="record_id" source="record_id" alwaysOn />,
    <DateTimeInput key="created_at_gte" source="created_at_gte" alwaysOn />,
    <DateTimeInput key="created_at_lte" source="created_at_lte" alwaysOn />,
    <TextInput key="ip" source="ip" />,
  ];
  return (
    <List filters={filters} sort={{ field: 'created_at', order: 'DESC' }} perPage={20} exporter={false} pagination={<Pagination rowsPerPageOptions={[20, 50, 100]} />} title="pv.route.systemLog">
      <ListDatagrid bulkActionButtons={false} expand={<SyslogDiff />} rowClick="expand" expandSingle>
        <LocalDateField source="created_at" showTime sortable {...MUST_SHOW} />
        <FunctionField source="username" sortable={false} render={(r: { username?: string; full_name?: string }) => (r.full_name ? `${r.full_name} (${r.username})` : (r.username ?? '—'))} {...MUST_SHOW} />
        <FunctionField source="action" sortable={false} render={(r: { action: string }) => <Chip size="small" label={translate(`pv.syslog.action.${r.action}`, { _: r.action })} />} {...MUST_SHOW} />
        <FunctionField source="resource" sortable={false} render={(r: { resource: string }) => translate(`pv.syslog.resource.${r.resource}`, { _: r.resource })} />
        <TextField source="record_id" sortable={false} />
        <TextField source="ip" sortable={false} {...HIDE_FIRST} />
      </ListDatagrid>
    </List>
  );
};

export default SystemLogList;
