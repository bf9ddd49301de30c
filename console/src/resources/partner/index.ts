import { lazyView } from '../../shell/errorLog/lazyView.tsx';
import { PARTNER_RESOURCE } from '../names.ts';

const PartnerList = lazyView(() => import('./PartnerList.tsx'));
const PartnerCreate = lazyView(() => import('./PartnerCreate.tsx'));
const PartnerEdit = lazyView(() => import('./PartnerEdit.tsx'));

/** 合作伙伴: #/partner/partnerList (list, create, edit); rows open #/partner/partnerDetail?id=N. */
export const partnerList = {
  name: PARTNER_RESOURCE,
  list: PartnerList,
  create: PartnerCreate,
  edit: PartnerEdit,
  recordRepresentation: 'name',
  options: { label: 'pv.route.partnerList' },
};

export const loadPartnerDetail = () => import('./PartnerDetail.tsx');
