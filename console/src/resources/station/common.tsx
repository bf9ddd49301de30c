import { useMemo } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';
import { Chip, Tooltip } from '@mui/material';
import FrozenIcon from '@mui/icons-material/AcUnit';
import { GridMode, GridVoltage, StationActionLabel, StationStatus, type Station } from '@pv/contract';
import { useHasPermission } from '../common/actions.tsx';
import { useLang, type Labels } from '../common/format.tsx';
import { STATION_API, STATION_RESOURCE } from './logic.ts';

export { STATION_API, STATION_RESOURCE, stationDetailPath, stationDocsPath } from './logic.ts';

export const fieldLabel = (name: string) => `resources.${STATION_RESOURCE}.fields.${name}`;

export function useStationChoices() {
  const lang = useLang();
  const translate = useTranslate();
  return useMemo(
    () => ({
      status: StationStatus.choices(lang),
      gridMode: GridMode.choices(lang),
      gridVoltage: GridVoltage.choices(lang),
      frozen: [
        { id: 'true', name: translate('pv.station.frozen_yes') },
        { id: 'false', name: translate('pv.station.frozen_no') },
      ],
    }),
    [lang, translate],
  );
}

export const STATUS_COLORS: Record<string, 'default' | 'info' | 'warning' | 'success' | 'error' | 'primary' | 'secondary'> = {
  survey_pending: 'default',
  designing: 'info',
  build_pending: 'info',
  building: 'primary',
  build_review: 'warning',
  build_rejected: 'error',
  grid_pending: 'secondary',
  grid_review: 'warning',
  grid_rejected: 'error',
  grid_connected: 'success',
  operating: 'success',
  terminated: 'default',
};

/** The station's status as a coloured chip (list column and detail heading). */
export const StationStatusChip = ({ status }: { status?: string; label?: string; sortBy?: string; sortable?: boolean }) => {
  const record = useRecordContext<Station>();
  const lang = useLang();
  const value = status ?? record?.status;
  if (!value) return null;
  return (
    <Chip
      size="small"
      color={STATUS_COLORS[value] ?? 'default'}
      variant={value === 'terminated' || value === 'survey_pending' ? 'outlined' : 'filled'}
      label={StationStatus.label(value, lang)}
      sx={{ width: 'fit-content' }}
      data-testid="station-status"
    />
  );
};

/** 冻结: a small marker with the reason on hover (nothing when the station is not frozen). */
export const FrozenMarker = (_props: { label?: string; sortBy?: string; sortable?: boolean }) => {
  const record = useRecordContext<Station>();
  const translate = useTranslate();
  if (!record?.frozen) return null;
  return (
    <Tooltip title={record.frozen_reason ? translate('pv.station.frozen_reason', { reason: record.frozen_reason }) : translate('pv.station.frozen')}>
      <Chip size="small" color="info" variant="outlined" icon={<FrozenIcon />} label={translate('pv.station.frozen')} data-testid="station-frozen" />
    </Tooltip>
  );
};

/** A station permission by its own code (station:export, station:upload_doc — not react-admin actions). */
export const useStationPermission = (op: string) => useHasPermission(`${STATION_API}:${op}`);

/**
 * Names of station actions in timelines and the change history: this area's wording
 * (pv.station.history_action.*), the contract's label when a key is missing.
 */
export function useStationActionLabels(): Labels {
  const translate = useTranslate();
  return useMemo(
    () => ({ label: (a: string | null | undefined, lang) => translate(`pv.station.history_action.${a}`, { _: StationActionLabel.label(a, lang) }) }),
    [translate],
  );
}
