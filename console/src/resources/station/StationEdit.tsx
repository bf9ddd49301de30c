import { useMemo } from 'react';
import { Edit, useRecordContext, useTranslate } from 'react-admin';
import { STATION_EDITABLE, stationEditSchema, type Station } from '@pv/contract';
import { contractResolver } from '../../forms/zodResolver.ts';
import { changedFields } from '../../providers/dataProvider.ts';
import { StationForm } from './StationForm.tsx';
import { stationDetailPath } from './common.tsx';

/** Only the fields stationEditSchema accepts (and the version) go to the data provider, which sends those that changed. */
const editable = (values: Record<string, unknown>) =>
  Object.fromEntries([...STATION_EDITABLE, 'version'].filter((k) => k in values).map((k) => [k, values[k]]));

/** Validates exactly what the dataProvider will send: id, version and the changed fields. */
const EditForm = () => {
  const translate = useTranslate();
  const record = useRecordContext<Station>();
  const resolver = useMemo(
    () =>
      contractResolver(stationEditSchema, translate, (values: Record<string, unknown>) => ({
        id: record?.id,
        version: record?.version,
        ...changedFields(values, record as unknown as Record<string, unknown>, STATION_EDITABLE),
      })),
    [translate, record],
  );
  return <StationForm resolver={resolver} />;
};

const StationEdit = () => (
  <Edit mutationMode="pessimistic" transform={editable} redirect={(_resource, id) => stationDetailPath(id ?? '')}>
    <EditForm />
  </Edit>
);
export default StationEdit;
