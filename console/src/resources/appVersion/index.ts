import { lazyView } from '../../shell/errorLog/lazyView.tsx';
import { APP_VERSION_RESOURCE } from '../names.ts';

const AppVersionList = lazyView(() => import('./AppVersionList.tsx'));

/** 版本管理: #/other/appVersion; a row opens #/other/appVersionDetail?id=N. */
export const appVersion = {
  name: APP_VERSION_RESOURCE,
  list: AppVersionList,
  recordRepresentation: 'version_name',
  options: { label: 'pv.route.appVersion' },
};

export const loadAppVersionDetail = () => import('./AppVersionDetail.tsx');
