import { lazyView } from '../../shell/errorLog/lazyView.tsx';
import { STATION_RESOURCE } from '../names.ts';

const StationList = lazyView(() => import('./StationList.tsx'));
const StationCreate = lazyView(() => import('./StationCreate.tsx'));
const StationEdit = lazyView(() => import('./StationEdit.tsx'));

/** The detail page #/stationManagement/stationDetail?id=N and the documents page #/stationManagement/pdfs?id=N. */
export const loadStationDetail = () => import('./StationDetail.tsx');
export const loadStationDocs = () => import('./StationDocs.tsx');

/** 电站列表: #/stationManagement/stationList (the station API); rows open the stationDetail page. */
export const stationList = {
  name: STATION_RESOURCE,
  list: StationList,
  create: StationCreate,
  edit: StationEdit,
  recordRepresentation: 'code',
  options: { label: 'pv.route.stationList' },
};
