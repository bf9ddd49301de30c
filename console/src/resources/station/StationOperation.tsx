import { useRecordContext, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Button, Chip, Link, Stack, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { InspectionStatus, OperationPlanKind, SerialStatus, StockMovementKind, type Inspection, type ListResult, type Station } from '@pv/contract';
import { formatDateTime, useLang } from '../common/format.tsx';
import { inspectionDetailPath, inspectionsOf } from '../inspection/logic.ts';
import { StationMaintenance } from '../maintenance/related.tsx';
import { Related, useRelated } from './related.tsx';

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
      <Table size="small">
        <TableHead>
          <TableRow>
            {['inspection_no', 'kind', 'status', 'period', 'team_name', 'deadline', 'failed_count'].map((k) => (
              <TableCell key={k}>{translate(`resources.operation/inspectionList.fields.${k}`)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {(data ?? []).map((i) => (
            <TableRow key={i.id} hover>
              <TableCell>
                <Link component={RouterLink} to={inspectionDetailPath(i.id)}>
                  {i.inspection_no}
                </Link>
              </TableCell>
              <TableCell>{OperationPlanKind.label(i.kind, lang)}</TableCell>
              <TableCell>
                <Stack direction="row" spacing={0.5} alignItems="center">
                  <span>{InspectionStatus.label(i.status, lang)}</span>
                  {i.overdue && <Chip size="small" color="error" variant="outlined" label={translate('resources.operation/inspectionList.fields.overdue')} />}
                </Stack>
              </TableCell>
              <TableCell>{i.period}</TableCell>
              <TableCell>{i.team_name ?? '-'}</TableCell>
              <TableCell>{i.deadline.slice(0, 10)}</TableCell>
              <TableCell>{i.submitted_at ? i.failed_count : '-'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
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
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{translate('pv.station.om.doc_no')}</TableCell>
            <TableCell>{translate('pv.station.om.movement_kind')}</TableCell>
            <TableCell>{translate('pv.station.om.material')}</TableCell>
            <TableCell>{translate('pv.station.om.qty')}</TableCell>
            <TableCell>{translate('pv.station.om.ref_no')}</TableCell>
            <TableCell>{translate('pv.station.om.time')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {(data ?? []).map((m) => (
            <TableRow key={m.id}>
              <TableCell>{m.doc_no}</TableCell>
              <TableCell>{StockMovementKind.label(m.kind, lang)}</TableCell>
              <TableCell title={m.serials?.join(', ') ?? ''}>{`${m.material_code} · ${m.material_name}`}</TableCell>
              <TableCell>{m.qty}</TableCell>
              <TableCell>{m.ref_no ?? '-'}</TableCell>
              <TableCell>{formatDateTime(m.created_at, lang)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
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
