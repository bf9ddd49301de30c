import {
  DateField,
  DateTimeInput,
  FunctionField,
  List,
  NumberInput,
  Pagination,
  SelectInput,
  TextField,
  TextInput,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { Box, Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { diffRows, showValue } from './diff.ts';
import { ListDatagrid } from '../../common/ListDatagrid.tsx';
import { HIDE_FIRST, MUST_SHOW } from '../../common/columns.ts';

/** API resource → the console resource whose field labels name its columns. */
const LABELS_OF: Record<string, string> = {
  customer: 'customer/customerList',
  user: 'setting/userManagement',
  role: 'setting/roleManagement',
  department: 'setting/departmentManagement',
};

const ACTIONS = ['add', 'edit', 'del', 'update_field', 'run', 'login', 'logout'];
const RESOURCES = ['customer', 'user', 'role', 'department', 'menu', 'task', 'message', 'agent', 'auth'];

const toIso = (v: unknown) => (v ? new Date(String(v)).toISOString() : v);

const useChoices = (group: 'action' | 'resource', values: string[]) => {
  const translate = useTranslate();
  return values.map((id) => ({ id, name: `${translate(`pv.syslog.${group}.${id}`, { _: id })} (${id})` }));
};

/** Before/after of one entry, changed fields highlighted. */
export const SyslogDiff = () => {
  const record = useRecordContext<{ resource: string; action: string; before: unknown; after: unknown }>();
  const translate = useTranslate();
  if (!record) return null;
  const rows = diffRows(record.before, record.after);
  const label = (field: string) => {
    const ra = LABELS_OF[record.resource];
    return ra ? translate(`resources.${ra}.fields.${field}`, { _: field }) : field;
  };
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
              <TableCell sx={r.changed && record.before ? { color: 'error.main', textDecoration: record.after ? 'line-through' : undefined } : undefined}>{showValue(r.before)}</TableCell>
              <TableCell sx={r.changed && record.after ? { color: 'success.dark', fontWeight: 500 } : undefined}>{showValue(r.after)}</TableCell>
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
    <DateTimeInput key="created_at_gte" source="created_at_gte" parse={toIso} alwaysOn />,
    <DateTimeInput key="created_at_lte" source="created_at_lte" parse={toIso} alwaysOn />,
    <TextInput key="ip" source="ip" />,
  ];
  return (
    <List filters={filters} sort={{ field: 'created_at', order: 'DESC' }} perPage={20} exporter={false} pagination={<Pagination rowsPerPageOptions={[20, 50, 100]} />} title="pv.route.systemLog">
      <ListDatagrid bulkActionButtons={false} expand={<SyslogDiff />} rowClick="expand" expandSingle>
        <DateField source="created_at" showTime sortable {...MUST_SHOW} />
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
