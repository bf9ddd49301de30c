import { useRecordContext, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Button, Chip, Link, Stack, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { InspectionStatus, OperationPlanKind, SerialStatus, StockMovementKind, type Inspection, type ListResult, type Station } from '@pv/contract';
import { formatDateTime, useLang } from '../common/format.tsx';
import { inspectionDetailPath, inspectionsOf } from '../inspection/logic.ts';
import { StationMaintenance } from '../maintenance/related.tsx';
import { Related, useRelated } from './related.tsx';
import { DataTable } from '../common/DataTable.tsx';
import { HIDE_FIRST, MUST_SHOW } from '../common/columns.ts';

interface Serial {
  id: number;
  serial_no: string;
  material_code: string;
  material_name: string;
  status: string;
  updated_at: string;
}
interface Movement {
  id: number;
  doc_no: string;
  kind: string;
  material_code: string;
  material_name: string;
  qty: string;
  unit?: string | null;
  serials?: string[] | null;
  ref_no: string | null;
  created_at: string;
}

/** The station's inspections (inspection/index?station_id=), newest first, each opening its detail tab. */
const Inspections = () => {
  const record = useRecordContext<Station>()!;
  const translate = useTranslate();
  const f = (k: string) => translate(`resources.operation/inspectionList.fields.${k}`);
  const lang = useLang();
  const { data, error, isPending } = useRelated('inspections', (dp, id) =>
    dp.read<ListResult<Inspection>>('inspection', 'index', { station_id: id, limit: 50, sort: 'created_at', order: 'DESC' }).then((r) => r.data.list),
  );
  const open = (
    <Button size="small" component={RouterLink} to={inspectionsOf({ station_id: record.id })} data-testid="station-inspections-open">
      {translate('pv.station.om.open_inspections')}
    </Button>
  );
  return (
    <Related title="pv.station.om.inspections" testId="station-inspections" error={error} empty="pv.station.om.no_inspections" isEmpty={!isPending && !data?.length} actions={open}>
      <DataTable
        rows={data ?? []}
        rowKey={(i) => i.id}
        columns={[
          {
            key: 'inspection_no',
            label: f('inspection_no'),
            nowrap: true,
            ...MUST_SHOW,
            render: (i) => (
              <Link component={RouterLink} to={inspectionDetailPath(i.id)}>
                {i.inspection_no}
              </Link>
            ),
          },
          { key: 'kind', label: f('kind'), nowrap: true, render: (i) => OperationPlanKind.label(i.kind, lang) },
          {
            key: 'status',
            label: f('status'),
            nowrap: true,
            ...MUST_SHOW,
            render: (i) => (
              <Stack direction="row" spacing={0.5} alignItems="center">
                <span>{InspectionStatus.label(i.status, lang)}</span>
                {i.overdue && <Chip size="small" color="error" variant="outlined" label={f('overdue')} />}
              </Stack>
            ),
          },
          { key: 'period', label: f('period'), nowrap: true, render: (i) => i.period },
          { key: 'team_name', label: f('team_name'), render: (i) => i.team_name ?? '-', ...HIDE_FIRST },
          { key: 'deadline', label: f('deadline'), nowrap: true, render: (i) => i.deadline.slice(0, 10), ...MUST_SHOW },
          { key: 'failed_count', label: f('failed_count'), align: 'right', nowrap: true, render: (i) => (i.submitted_at ? i.failed_count : '-') },
        ]}
      />
    </Related>
  );
};

/** Serial-tracked parts on the station now and before (stock_serial/index?station_id=): installed, replaced, returned. */
const Parts = () => {
  const translate = useTranslate();
  const lang = useLang();
  const { data, error, isPending } = useRelated('serials', (dp, id) => dp.read<ListResult<Serial>>('stock_serial', 'index', { station_id: id, limit: 100 }).then((r) => r.data.list));
  return (
    <Related title="pv.station.om.parts" testId="station-parts" error={error} empty="pv.station.om.no_parts" isEmpty={!isPending && !data?.length}>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{translate('pv.station.om.serial_no')}</TableCell>
            <TableCell>{translate('pv.station.om.material')}</TableCell>
            <TableCell>{translate('pv.station.om.serial_status')}</TableCell>
            <TableCell>{translate('pv.station.om.since')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {(data ?? []).map((s) => (
            <TableRow key={s.id}>
              <TableCell>{s.serial_no}</TableCell>
              <TableCell>{`${s.material_code} · ${s.material_name}`}</TableCell>
              <TableCell>{SerialStatus.label(s.status, lang)}</TableCell>
              <TableCell>{formatDateTime(s.updated_at, lang)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Related>
  );
};

/** Stock issued to (or returned from) the station (stock_movement/index?station_id=). */
const Movements = () => {
  const translate = useTranslate();
  const lang = useLang();
  const { data, error, isPending } = useRelated('movements', (dp, id) =>
    dp.read<ListResult<Movement>>('stock_movement', 'index', { station_id: id, limit: 50, sort: 'created_at', order: 'DESC' }).then((r) => r.data.list),
  );
  return (
    <Related title="pv.station.om.movements" testId="station-movements" error={error} empty="pv.station.om.no_movements" isEmpty={!isPending && !data?.length}>
      <DataTable
        rows={data ?? []}
        rowKey={(m) => m.id}
        columns={[
          { key: 'doc_no', label: translate('pv.station.om.doc_no'), nowrap: true, render: (m) => m.doc_no, ...MUST_SHOW },
          { key: 'kind', label: translate('pv.station.om.movement_kind'), nowrap: true, render: (m) => StockMovementKind.label(m.kind, lang), ...MUST_SHOW },
          { key: 'material', label: translate('pv.station.om.material'), render: (m) => <span title={m.serials?.join(', ') ?? ''}>{`${m.material_code} · ${m.material_name}`}</span>, ...MUST_SHOW },
          { key: 'qty', label: translate('pv.station.om.qty'), align: 'right', nowrap: true, render: (m) => m.qty, ...MUST_SHOW },
          { key: 'ref_no', label: translate('pv.station.om.ref_no'), nowrap: true, render: (m) => m.ref_no ?? '-' },
          { key: 'time', label: translate('pv.station.om.time'), nowrap: true, render: (m) => formatDateTime(m.created_at, lang) },
        ]}
      />
    </Related>
  );
};

/** 运维 tab of the station page: its inspections and maintenance orders, the parts installed on it (serial numbers), the stock issued to it. */
export const StationOperation = () => (
  <>
    <Inspections />
    <StationMaintenance />
    <Parts />
    <Movements />
  </>
);
