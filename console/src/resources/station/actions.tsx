import { useMemo, useState, type ReactElement } from 'react';
import { Confirm, TextInput, useCanAccess, useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import ForwardIcon from '@mui/icons-material/ArrowForwardOutlined';
import DesignIcon from '@mui/icons-material/ArchitectureOutlined';
import SurveyIcon from '@mui/icons-material/TravelExploreOutlined';
import OperateIcon from '@mui/icons-material/BoltOutlined';
import TerminateIcon from '@mui/icons-material/BlockOutlined';
import FreezeIcon from '@mui/icons-material/AcUnit';
import UnfreezeIcon from '@mui/icons-material/WbSunnyOutlined';
import { stationReasonSchema, type Station } from '@pv/contract';
import type { PvDataProvider } from '../../providers/dataProvider.ts';
import { contractResolver } from '../../forms/zodResolver.ts';
import { ActionButton, FormDialog, present, useAction } from '../common/actions.tsx';
import { REASON_BUTTONS, STATION_API, STATION_RESOURCE, stationButtons, type StationButton } from './logic.ts';

const ICONS: Record<StationButton, ReactElement> = {
  finish_survey: <SurveyIcon />,
  finish_design: <DesignIcon />,
  operate: <OperateIcon />,
  terminate: <TerminateIcon />,
  freeze: <FreezeIcon />,
  unfreeze: <UnfreezeIcon />,
};
const COLORS: Partial<Record<StationButton, 'error' | 'success'>> = { terminate: 'error', operate: 'success', unfreeze: 'success' };

/** One button: shown only when the user holds station:<action>. */
const Move = ({ action }: { action: StationButton }) => {
  const record = useRecordContext<Station>()!;
  const translate = useTranslate();
  const dataProvider = useDataProvider<PvDataProvider>();
  const { canAccess } = useCanAccess({ resource: STATION_RESOURCE, action });
  const { run, busy } = useAction();
  const [open, setOpen] = useState(false);
  const needsReason = REASON_BUTTONS.includes(action);
  const resolver = useMemo(
    () => contractResolver(stationReasonSchema, translate, (v: Record<string, unknown>) => present({ ...v, id: record.id, version: record.version })),
    [translate, record.id, record.version],
  );
  if (!canAccess) return null;
  const label = `pv.station.action.${action}`;
  const act = async (extra: Record<string, unknown> = {}) => {
    const ok = await run(() => dataProvider.act(STATION_API, action, { id: record.id, version: record.version, ...extra }), `pv.station.notify.${action}`);
    if (ok) setOpen(false);
    return ok;
  };
  return (
    <>
      <ActionButton label={label} icon={ICONS[action] ?? <ForwardIcon />} color={COLORS[action]} onClick={() => setOpen(true)} />
      {needsReason ? (
        <FormDialog
          open={open}
          title={`pv.station.dialog.${action}_title`}
          hint={`pv.station.dialog.${action}_hint`}
          onClose={() => setOpen(false)}
          onSubmit={(values) => void act({ reason: String(values.reason ?? '').trim() })}
          resolver={resolver}
          submitLabel={label}
          busy={busy}
        >
          <TextInput source="reason" label="pv.station.dialog.reason" multiline minRows={2} fullWidth isRequired />
        </FormDialog>
      ) : (
        <Confirm
          isOpen={open}
          loading={busy}
          title="pv.station.dialog.confirm_title"
          content={`pv.station.dialog.${action}_hint`}
          translateOptions={{ action: translate(label), code: record.code }}
          confirm={label}
          onConfirm={() => void act()}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
};

/**
 * The station's buttons: the lifecycle moves allowed from its status now (STATION_MACHINE minus
 * the work-order-driven ones), freeze and terminate; a frozen station shows only unfreeze.
 */
export const StationActionButtons = () => {
  const record = useRecordContext<Station>();
  if (!record) return null;
  return (
    <>
      {stationButtons(record.status, record.frozen).map((a) => (
        <Move key={a} action={a} />
      ))}
    </>
  );
};
