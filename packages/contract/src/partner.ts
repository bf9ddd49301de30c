import { z } from 'zod';
import { labelled } from './enums.ts';
import { cityField, editableFields, enumField, idField, optionalText, provinceField, requiredText } from './fields.ts';
import { isCalendarDate } from './lease.ts';
import { isBankCard, isPhone } from './validators.ts';
import { field, type FieldDisplay } from './field-kinds.ts';

/**
 * 合作伙伴 partners (issue 15, first slice; docs/DECISIONS.md "Partners"): the companies the business
 * works with — 资方, 施工队/EPC, 供应商, 保险公司 — with their 统一社会信用代码, contacts, the payee
 * account, contract documents and qualification certificates whose expiry is watched.
 */

export const PartnerKind = labelled({
  financier: { zh: '资方', en: 'Financier' },
  installer: { zh: '施工队/EPC', en: 'Installer / EPC' },
  supplier: { zh: '供应商', en: 'Supplier' },
  insurer: { zh: '保险公司', en: 'Insurer' },
  other: { zh: '其他', en: 'Other' },
});
export type PartnerKindValue = (typeof PartnerKind.values)[number];

export const PartnerStatus = labelled({
  enabled: { zh: '启用', en: 'Enabled' },
  disabled: { zh: '停用', en: 'Disabled' },
});
export type PartnerStatusValue = (typeof PartnerStatus.values)[number];

export const PARTNER_MACHINE = {
  enable: { from: ['disabled'], to: 'enabled' },
  disable: { from: ['enabled'], to: 'disabled' },
} as const;
export type PartnerAction = keyof typeof PARTNER_MACHINE;

export const PartnerActionLabel = labelled({
  add: { zh: '新建合作伙伴', en: 'create a partner' },
  edit: { zh: '修改', en: 'edit' },
  del: { zh: '删除', en: 'delete' },
  enable: { zh: '启用', en: 'enable' },
  disable: { zh: '停用', en: 'disable' },
  link: { zh: '关联代理商/施工队', en: 'link agents / teams' },
  view_account: { zh: '查看完整账号', en: 'view the full account number' },
});

/**
 * The payee account: 对公账户 (a company's account at its bank: 8–32 digits, no check digit — banks
 * number them their own way) or 个人银行卡 (16–19 digits with the Luhn check digit, as the lease
 * contracts' cards).
 */
export const PartnerAccountType = labelled({
  corporate: { zh: '对公账户', en: 'Corporate account' },
  personal: { zh: '个人银行卡', en: 'Personal bank card' },
});
export type PartnerAccountTypeValue = (typeof PartnerAccountType.values)[number];

/** A certificate's state on a day: valid, expiring within CERT_REMIND_DAYS, expired. */
export const CertificateState = labelled({
  valid: { zh: '有效', en: 'Valid' },
  expiring: { zh: '即将到期', en: 'Expiring soon' },
  expired: { zh: '已过期', en: 'Expired' },
});
export type CertificateStateValue = (typeof CertificateState.values)[number];
/** The owner is told this many days before a certificate expires. */
export const CERT_REMIND_DAYS = 30;

const DAY_MS = 86_400_000;
const utcDay = (d: string) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10)));
/** A certificate's state on `today` (both YYYY-MM-DD): expired after its last day, expiring within 30 days. */
export function certificateState(expiresOn: string, today: string): CertificateStateValue {
  if (expiresOn < today) return 'expired';
  return (utcDay(expiresOn) - utcDay(today)) / DAY_MS <= CERT_REMIND_DAYS ? 'expiring' : 'valid';
}

// ---------------------------------------------------------------- 统一社会信用代码

/** The code alphabet of GB 32100-2015 (no I, O, Z, S, V): a character's value is its index. */
export const CREDIT_CODE_ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_CODE_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** The check character of the first 17 characters of a 统一社会信用代码; null when one is outside the alphabet. */
export function creditCodeCheck(first17: string): string | null {
  if (first17.length !== 17) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const v = CREDIT_CODE_ALPHABET.indexOf(first17[i]!);
    if (v < 0) return null;
    sum += v * CREDIT_CODE_WEIGHTS[i]!;
  }
  const c = 31 - (sum % 31);
  return CREDIT_CODE_ALPHABET[c === 31 ? 0 : c]!;
}

/**
 * 统一社会信用代码 (GB 32100-2015): 18 characters of the code alphabet (upper case), the last the
 * check character over the first 17 — weights 3^i mod 31, check = 31 − (Σ mod 31), 31 → 0.
 */
export function isCreditCode(value: string): boolean {
  if (!/^[0-9A-HJ-NP-RTUW-Y]{18}$/.test(value)) return false;
  return creditCodeCheck(value.slice(0, 17)) === value[17];
}

/** Trimmed, spaces out, upper case, then checked. */
export const creditCodeField = () =>
  z
    .string({ error: 'validation.credit_code' })
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .refine(isCreditCode, { error: 'validation.credit_code' });

// ---------------------------------------------------------------- parts

/** A mobile number, or a landline with its area code (010-12345678, 0531-1234567-801). */
export const isContactPhone = (v: string) => isPhone(v) || /^0\d{2,3}-?\d{7,8}(-\d{1,6})?$/.test(v);
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const version = () => z.number({ error: 'validation.number' }).int().nonnegative();
const calendarDate = () => z.string({ error: 'validation.required' }).trim().refine(isCalendarDate, { error: 'validation.date' });

export const partnerContactSchema = z.strictObject({
  name: requiredText(32),
  phone: z.string({ error: 'validation.contact_phone' }).trim().refine(isContactPhone, { error: 'validation.contact_phone' }),
  role: z.preprocess(blankToNull, optionalText(32)),
  primary: z.boolean({ error: 'validation.enum' }).default(false),
});
export type PartnerContact = z.output<typeof partnerContactSchema>;

/** A certificate as a form sends it: `id` for one kept from before (its reminder marker kept unless the expiry moves). */
export const partnerCertificateSchema = z
  .strictObject({
    id: idField().optional(),
    name: requiredText(100),
    cert_type: z.preprocess(blankToNull, optionalText(50)),
    cert_no: z.preprocess(blankToNull, optionalText(64)),
    issued_on: z.preprocess(blankToNull, calendarDate().nullish()),
    expires_on: calendarDate(),
    file_id: z.preprocess(blankToNull, idField().nullish()),
  })
  .superRefine((v, ctx) => {
    if (v.issued_on && isCalendarDate(v.issued_on) && isCalendarDate(v.expires_on) && v.issued_on > v.expires_on) {
      ctx.addIssue({ code: 'custom', path: ['expires_on'], message: 'validation.cert_dates' });
    }
  });

/** The account number: digits only (spaces dropped); a personal card must pass its Luhn check digit. */
const accountNo = () => z.preprocess((v) => (typeof v === 'string' ? v.replace(/\s+/g, '') : v), z.string({ error: 'validation.account_no' }).regex(/^\d{8,32}$/, { error: 'validation.account_no' }).nullish());

const fields = {
  name: requiredText(100),
  short_name: z.preprocess(blankToNull, optionalText(32)),
  kind: enumField(PartnerKind.values),
  credit_code: creditCodeField(),
  legal_person: z.preprocess(blankToNull, optionalText(32)),
  province_code: z.preprocess(blankToNull, provinceField().nullish()),
  city_code: z.preprocess(blankToNull, cityField().nullish()),
  address: z.preprocess(blankToNull, optionalText(200)),
  /** the user responsible for the record (told of expiring certificates); default: its creator */
  owner_id: z.preprocess(blankToNull, idField().nullish()),
  contacts: z.array(partnerContactSchema, { error: 'validation.contacts' }).max(20, { error: 'validation.contacts_max' }),
  account_type: enumField(PartnerAccountType.values),
  account_holder: z.preprocess(blankToNull, optionalText(100)),
  bank_name: z.preprocess(blankToNull, optionalText(100)),
  bank_branch: z.preprocess(blankToNull, optionalText(100)),
  account_no: accountNo(),
  /** the contract documents: uploaded first (file/upload?owner_type=partner_doc), the complete list */
  document_ids: z.array(idField(), { error: 'validation.file_ids' }).max(20, { error: 'validation.files_max' }),
  /** the certificates: the complete list (one left out is removed) */
  certificates: z.array(partnerCertificateSchema, { error: 'validation.certificates' }).max(30, { error: 'validation.certificates_max' }),
  remark: z.preprocess(blankToNull, optionalText(500)),
};

type AccountParts = { account_type?: string; account_holder?: string | null; bank_name?: string | null; account_no?: string | null; contacts?: PartnerContact[] };
/** One primary contact at most; an account number needs its holder and bank, and a personal card its check digit. */
function wholeRecord(v: AccountParts, ctx: z.RefinementCtx) {
  if (v.contacts && v.contacts.filter((c) => c.primary).length > 1) ctx.addIssue({ code: 'custom', path: ['contacts'], message: 'validation.contact_primary' });
  if (v.account_no) {
    if (!v.account_holder) ctx.addIssue({ code: 'custom', path: ['account_holder'], message: 'validation.account_holder' });
    if (!v.bank_name) ctx.addIssue({ code: 'custom', path: ['bank_name'], message: 'validation.account_bank' });
    if (v.account_type === 'personal' && !isBankCard(v.account_no)) ctx.addIssue({ code: 'custom', path: ['account_no'], message: 'validation.bank_card' });
  }
}

export const partnerCreateSchema = z
  .strictObject({
    ...fields,
    contacts: fields.contacts.default([]),
    account_type: fields.account_type.default('corporate'),
    document_ids: fields.document_ids.default([]),
    certificates: fields.certificates.default([]),
  })
  .superRefine(wholeRecord);
const editShape = z.strictObject(fields).partial().extend({ id: idField(), version: version() });
/** partner/edit: the changed fields (contacts, documents and certificates as complete lists); the account's rules are checked against the stored record too. */
export const partnerEditSchema = editShape.superRefine(wholeRecord);
/** Fields a partner edit may send (partnerEditSchema minus id and version). */
export const PARTNER_EDITABLE = editableFields(editShape);
export const partnerMoveSchema = z.strictObject({ id: idField(), version: version() });
/** partner/link: the complete lists of linked agents and teams (users who take work orders). */
export const partnerLinkSchema = z.strictObject({
  id: idField(),
  version: version(),
  agent_ids: z.array(idField(), { error: 'validation.ids' }).max(200, { error: 'validation.ids_max' }),
  team_ids: z.array(idField(), { error: 'validation.ids' }).max(200, { error: 'validation.ids_max' }),
});

// ---------------------------------------------------------------- API shapes

export interface PartnerCertificate {
  id: number;
  name: string;
  cert_type: string | null;
  cert_no: string | null;
  issued_on: string | null;
  expires_on: string;
  file_id: number | null;
  /** when the owner was told it expires soon (null: not yet) */
  reminded_at: string | null;
  state: CertificateStateValue;
}

export interface Partner {
  id: number;
  name: string;
  short_name: string | null;
  kind: PartnerKindValue;
  credit_code: string;
  legal_person: string | null;
  province_code: string | null;
  city_code: string | null;
  address: string | null;
  owner_id: number | null;
  owner_name: string | null;
  contacts: PartnerContact[];
  primary_contact: string | null;
  primary_phone: string | null;
  account_type: PartnerAccountTypeValue;
  account_holder: string | null;
  bank_name: string | null;
  bank_branch: string | null;
  /** masked: 622848*********0018 */
  account_no: string | null;
  document_ids: number[];
  certificates: PartnerCertificate[];
  /** the earliest expiry among the certificates */
  next_expiry: string | null;
  agent_count: number;
  team_count: number;
  status: PartnerStatusValue;
  remark: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
  version: number;
}

/** GET partner/links: the agents and teams linked to a partner. */
export interface PartnerLinks {
  agents: { id: number; code: string; name: string }[];
  teams: { id: number; username: string; full_name: string | null }[];
}

/** A partner's fields beyond their names (field-kinds.ts); its account number is shown masked. */
export const PARTNER_DISPLAY: FieldDisplay = {
  status: field.enumOf(PartnerStatus),
  kind: field.enumOf(PartnerKind),
  account_type: field.enumOf(PartnerAccountType),
  account_no: field.masked,
};
