import { lazy } from 'react';
import { lazyView } from '../../shell/errorLog/lazyView.tsx';
import { CLAIM_RESOURCE, POLICY_RESOURCE } from './logic.ts';

const PolicyList = lazyView(() => import('./PolicyList.tsx'));
const PolicyCreate = lazyView(() => import('./PolicyCreate.tsx'));
const ClaimList = lazyView(() => import('./ClaimList.tsx'));
const ClaimCreate = lazyView(() => import('./ClaimCreate.tsx'));

/** 保单: #/partner/insurancePolicy (list with bulk renewal, create); a row opens #/partner/insurancePolicyDetail?id=N. */
export const insurancePolicy = {
  name: POLICY_RESOURCE,
  list: PolicyList,
  create: PolicyCreate,
  recordRepresentation: 'policy_no',
  options: { label: 'pv.route.insurancePolicy' },
};

/** 理赔: #/partner/insuranceClaim (list, 报案); a row opens #/partner/insuranceClaimDetail?id=N. */
export const insuranceClaim = {
  name: CLAIM_RESOURCE,
  list: ClaimList,
  create: ClaimCreate,
  recordRepresentation: 'claim_no',
  options: { label: 'pv.route.insuranceClaim' },
};

export const loadPolicyDetail = () => import('./PolicyDetail.tsx');
export const loadClaimDetail = () => import('./ClaimDetail.tsx');

/** 保险与理赔 of the station page, loaded when its money tab opens. */
export const StationInsurance = lazy(() => import('./StationInsurance.tsx'));
