import { useRedirect } from 'react-admin';
import { STATION_EDITABLE, stationEditSchema } from '@pv/contract';
import { editableOnly, useEditResolver } from '../../forms/contractForms.ts';
import { StationForm } from './StationForm.tsx';
import { useConflictEdit } from '../common/ConflictDialog.tsx';
import { STATION_RESOURCE } from './logic.ts';
import { fieldLabel, stationDetailPath } from './common.tsx';
import { Edit } from '../../forms/Edit.tsx';

/** Validates exactly what the dataProvider will send: id, version and the changed fields. */
const EditForm = () => <StationForm resolver={useEditResolver(stationEditSchema, STATION_EDITABLE)} />;

/** A save refused because someone else saved the station meanwhile shows what they changed (ConflictDialog). */
const StationEdit = () => {
  const redirect = useRedirect();
  const { mutationOptions, dialog } = useConflictEdit(STATION_RESOURCE, STATION_EDITABLE, { fieldLabel, onSaved: (r) => redirect(stationDetailPath(r.id)) });
  return (
    <Edit mutationMode="pessimistic" transform={editableOnly(STATION_EDITABLE)} redirect={(_resource, id) => stationDetailPath(id ?? '')} mutationOptions={mutationOptions}>
      <EditForm />
      {dialog}
    </Edit>
  );
};
export default StationEdit;
