import { CLAIM_MACHINE, type ClaimAction, canTransition } from '@pv/contract';

/** react-admin resources of 保单 and 理赔 (their route paths) and their APIs. */
export const POLICY_RESOURCE = 'partner/insurancePolicy';
export const POLICY_API = 'insurance_policy';
export const CLAIM_RESOURCE = 'partner/insuranceClaim';
export const CLAIM_API = 'insurance_claim';

export const policyDetailPath = (id: number | string) => `/partner/insurancePolicyDetail?id=${id}`;
export const claimDetailPath = (id: number | string) => `/partner/insuranceClaimDetail?id=${id}`;
/** 发起理赔 from a maintenance order (or a station): the claim form with the station and order filled in. */
export const claimCreatePath = (from: { station_id?: number; maintenance_id?: number } = {}) => {
  const q = new URLSearchParams(Object.entries(from).filter(([, v]) => v != null).map(([k, v]) => [k, String(v)])).toString();
  return `/${CLAIM_RESOURCE}/create${q ? `?${q}` : ''}`;
};

/** The claim's buttons in the order the detail page shows them. */
export const CLAIM_BUTTONS: ClaimAction[] = ['submit', 'assess', 'pay', 'reject'];
/** The buttons a claim's state allows for a user holding `may` (the server checks both again). */
export const allowedClaimButtons = (status: string, may: (code: string) => boolean): ClaimAction[] =>
  CLAIM_BUTTONS.filter((b) => canTransition(CLAIM_MACHINE, status, b) && may(`insurance_claim:${b}`));

/** A policy may be surrendered or renewed while it is in force (status active, whatever its dates). */
export const policyOpen = (status: string) => status === 'active';

/** The renewal dialog's numbering preview: prefix + sequence padded to width, for the first n. */
export const numberPreview = (prefix: string, start: number, width: number, n: number) =>
  Array.from({ length: Math.min(n, 3) }, (_, i) => `${prefix}${String(start + i).padStart(width, '0')}`);

/** Its fields may be edited and its cover cut while in force or not yet started: active and not past its end (the China day). */
export const policyEditable = (p: { status: string; state: string }) => p.status === 'active' && p.state !== 'expired';
