import { useMemo } from 'react';
import { Create, useTranslate } from 'react-admin';
import { stationCreateSchema } from '@pv/contract';
import { contractResolver } from '../../forms/zodResolver.ts';
import { present } from '../common/actions.tsx';
import { StationForm } from './StationForm.tsx';
import { stationDetailPath } from './common.tsx';

/** 新建电站: a formal customer's station; region and agent default to the customer's, the code is generated. */
const StationCreate = () => {
  const translate = useTranslate();
  const resolver = useMemo(() => contractResolver(stationCreateSchema, translate, present), [translate]);
  return (
    <Create title="pv.station.create_title" redirect={(_resource, id) => stationDetailPath(id ?? '')} mutationMode="pessimistic" transform={present}>
      <StationForm creating resolver={resolver} />
    </Create>
  );
};
export default StationCreate;
