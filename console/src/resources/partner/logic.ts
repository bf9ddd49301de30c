import type { PartnerCertificate } from '@pv/contract';
import { PARTNER_RESOURCE } from '../names.ts';
export { PARTNER_RESOURCE };

/** react-admin resource of 合作伙伴 (the route path) and its API. */
export const PARTNER_API = 'partner';

export const partnerDetailPath = (id: number | string) => `/partner/partnerDetail?id=${id}`;
export const partnerEditPath = (id: number | string) => `/${PARTNER_RESOURCE}/${id}`;

type Values = Record<string, unknown>;
const CERT_KEYS = ['id', 'name', 'cert_type', 'cert_no', 'issued_on', 'expires_on', 'file_id'] as const;

/** A certificate as the form holds it → what partner/add and partner/edit take (no state, no reminder marker, no blanks). */
export function certificateBody(c: Partial<PartnerCertificate> & Values): Values {
  const out: Values = {};
  for (const k of CERT_KEYS) {
    const v = c[k];
    if (v !== undefined && v !== null && v !== '') out[k] = v;
  }
  return out;
}

/** The form's values → the request's: certificates cleaned, the uploaded documents as their ids. */
export function partnerBody(values: Values): Values {
  const out: Values = { ...values };
  if (Array.isArray(values.certificates)) out.certificates = (values.certificates as Values[]).map(certificateBody);
  if (Array.isArray(values.contacts)) out.contacts = (values.contacts as Values[]).map((c) => ({ ...c, primary: c.primary === true, role: c.role || null }));
  if (Array.isArray(values.documents)) {
    out.document_ids = (values.documents as { id: number }[]).map((d) => d.id);
    delete out.documents;
  }
  return out;
}
