import { INTENTIONAL, FORMAL } from '../../providers/resources.ts';
import { lazyView } from '../../shell/errorLog/lazyView.tsx';

// Screens are lazy chunks (a failed or >120 s load shows a retry): nothing of the customer screens (nor zod) is in the login page's JavaScript.
const IntentionalList = lazyView(() => import('./IntentionalList.tsx'));
const FormalList = lazyView(() => import('./FormalList.tsx'));
const CustomerCreate = lazyView(() => import('./CustomerCreate.tsx'));
const CustomerEdit = lazyView(() => import('./CustomerEdit.tsx'));
const CustomerShow = lazyView(() => import('./CustomerShow.tsx'));

/** 意向客户: #/customer/intentionalCustomer (the customer API with stage=intentional). */
export const intentionalCustomer = {
  name: INTENTIONAL,
  list: IntentionalList,
  create: CustomerCreate,
  edit: CustomerEdit,
  show: CustomerShow,
  recordRepresentation: 'name',
  options: { label: 'pv.route.intentionalCustomer' },
};

/** 正式客户: #/customer/customerList (stage=formal; customers arrive here by conversion). */
export const formalCustomer = {
  name: FORMAL,
  list: FormalList,
  edit: CustomerEdit,
  show: CustomerShow,
  recordRepresentation: 'name',
  options: { label: 'pv.route.customerList' },
};
