import { useMemo } from 'react';
import { Edit, useRecordContext, useRedirect, useTranslate } from 'react-admin';
import { STATION_EDITABLE, stationEditSchema, type Station } from '@pv/contract';
import { contractResolver } from '../../forms/zodResolver.ts';
import { changedFields } from '../../providers/dataProvider.ts';
import { StationForm } from './StationForm.tsx';
import { useConflictEdit } from '../common/ConflictDialog.tsx';
import { STATION_RESOURCE } from './logic.ts';
import { fieldLabel, stationDetailPath } from './common.tsx';

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

/** A save refused because someone else saved the station meanwhile shows what they changed (ConflictDialog). */
const StationEdit = () => {
  const redirect = useRedirect();
  const { mutationOptions, dialog } = useConflictEdit(STATION_RESOURCE, STATION_EDITABLE, { fieldLabel, onSaved: (r) => redirect(stationDetailPath(r.id)) });
  return (
    <Edit mutationMode="pessimistic" transform={editable} redirect={(_resource, id) => stationDetailPath(id ?? '')} mutationOptions={mutationOptions}>
      <EditForm />
      {dialog}
    </Edit>
  );
};
export default StationEdit;
