import { lazyView } from '../../shell/errorLog/lazyView.tsx';

const MatterList = lazyView(() => import('./MatterList.tsx'));
const MatterCreate = lazyView(() => import('./MatterCreate.tsx'));

/** The detail page: #/stationManagement/matterDetails?id=N. */
export const loadMatterDetails = () => import('./MatterDetails.tsx');

/** 光E宝事项: #/stationManagement/gebMatter (the matter API); rows open the matterDetails page. */
export const gebMatter = {
  name: 'stationManagement/gebMatter',
  list: MatterList,
  create: MatterCreate,
  recordRepresentation: 'matter_no',
  options: { label: 'pv.route.gebMatter' },
};
