import { lazy } from 'react';
import { INTENTIONAL, FORMAL } from '../../providers/resources.ts';

// Screens are lazy chunks: nothing of the customer screens (nor zod) is in the login page's JavaScript.
const IntentionalList = lazy(() => import('./IntentionalList.tsx'));
const FormalList = lazy(() => import('./FormalList.tsx'));
const CustomerCreate = lazy(() => import('./CustomerCreate.tsx'));
const CustomerEdit = lazy(() => import('./CustomerEdit.tsx'));
const CustomerShow = lazy(() => import('./CustomerShow.tsx'));

/** 意向客户: #/customer/intentionalCustomer (the customer API with stage=intentional). */
export const intentionalCustomer = {
  name: INTENTIONAL,
  list: IntentionalList,
  create: CustomerCreate,
  edit: CustomerEdit,
  show: CustomerShow,
  recordRepresentation: 'name',
  options: { label: 'pv.menu.intentional' },
};

/** 正式客户: #/customer/customerList (stage=formal; customers arrive here by conversion). */
export const formalCustomer = {
  name: FORMAL,
  list: FormalList,
  edit: CustomerEdit,
  show: CustomerShow,
  recordRepresentation: 'name',
  options: { label: 'pv.menu.formal' },
};
