import { lazyView } from '../../shell/errorLog/lazyView.tsx';
import { REVENUE_RESOURCE, TARIFF_RESOURCE } from '../names.ts';

const RevenueList = lazyView(() => import('./RevenueList.tsx'));
const TariffList = lazyView(() => import('./TariffList.tsx'));
const TariffCreate = lazyView(() => import('./TariffCreate.tsx'));
const TariffEdit = lazyView(() => import('./TariffEdit.tsx'));

/** 收益: #/finance/revenueList (station × month; ?station_id=N filters). */
export const revenueList = {
  name: REVENUE_RESOURCE,
  list: RevenueList,
  recordRepresentation: 'period',
  options: { label: 'pv.route.revenueList' },
};

/** 电价: #/finance/tariffList (list, create, edit). */
export const tariffList = {
  name: TARIFF_RESOURCE,
  list: TariffList,
  create: TariffCreate,
  edit: TariffEdit,
  recordRepresentation: 'province_code',
  options: { label: 'pv.route.tariffList' },
};

export const loadRevenueReport = () => import('./RevenueReport.tsx');
