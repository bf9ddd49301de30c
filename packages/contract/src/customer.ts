import { z } from 'zod';
import {
  BusinessMode,
  CustomerSource,
  CustomerStage,
  CustomerStatus,
  FollowUpWay,
  RoofType,
} from './enums.ts';
import {
  chineseNameField,
  cityField,
  dateField,
  editableFields,
  enumField,
  idCardField,
  idField,
  numberInRange,
  optionalText,
  passwordField,
  phoneField,
  provinceField,
  requiredText,
} from './fields.ts';
import { field, type FieldDisplay } from './field-kinds.ts';

/** Fields a person enters for a customer (both stages). Unknown fields are refused. */
const customerInput = {
  name: chineseNameField(),
  phone: phoneField(),
  id_card: idCardField().nullish(),
  province_code: provinceField(),
  city_code: cityField().nullish(),
  district_code: z.string().max(12).nullish(),
  address: optionalText(200),
  lng: numberInRange(-180, 180).nullish(),
  lat: numberInRange(-90, 90).nullish(),
  roof_type: enumField(RoofType.values).nullish(),
  roof_area_m2: numberInRange(0, 100000).nullish(),
  has_property_deed: z.boolean().nullish(),
  estimated_kwp: numberInRange(0, 10000).nullish(),
  source: enumField(CustomerSource.values),
  agent_id: idField().nullish(),
  owner_id: idField().nullish(),
  remark: optionalText(1000),
  app_enabled: z.boolean().optional(),
  // formal-customer fields (filled on conversion; editable afterwards)
  business_mode: enumField(BusinessMode.values).nullish(),
  financier: optionalText(100),
  /** the financier partner (资方) — what statements with financiers count; the text above stays as entered */
  financier_id: idField().nullish(),
  bank_name: optionalText(100),
  bank_card: z.string().trim().regex(/^\d{12,19}$/, { error: 'validation.number' }).nullish(),
};

const customerInputSchema = z.strictObject(customerInput);

export const customerCreateSchema = customerInputSchema.extend({
  source: enumField(CustomerSource.values).default('phone'),
  stage: enumField(CustomerStage.values).default('intentional'),
});

/** An edit sends only what changed, plus the id and the version it was read at. */
export const customerEditSchema = customerInputSchema.partial().extend({
  id: idField(),
  version: z.number({ error: 'validation.number' }).int().nonnegative(),
});
/** Fields a customer edit may send (customerEditSchema minus id and version). */
export const CUSTOMER_EDITABLE = editableFields(customerEditSchema);

/** Fields that `update_field` may change on its own (the list's quick toggles). */
export const CUSTOMER_QUICK_FIELDS = ['app_enabled', 'owner_id', 'remark'] as const;

export const followUpCreateSchema = z.strictObject({
  customer_id: idField(),
  way: enumField(FollowUpWay.values),
  content: requiredText(1000),
  next_date: dateField().nullish(),
});

export const customerConvertSchema = z.strictObject({
  id: idField(),
  version: z.number().int().nonnegative(),
  business_mode: enumField(BusinessMode.values),
  signed_at: dateField().optional(),
  financier: optionalText(100),
  financier_id: idField().nullish(),
  bank_name: optionalText(100),
  bank_card: z.string().trim().regex(/^\d{12,19}$/, { error: 'validation.number' }).nullish(),
});

export const customerLoseSchema = z.strictObject({
  id: idField(),
  version: z.number().int().nonnegative(),
  reason: z.string({ error: 'validation.lost_reason_required' }).trim().min(1, { error: 'validation.lost_reason_required' }).max(500),
});

export type CustomerCreate = z.input<typeof customerCreateSchema>;
export type CustomerEdit = z.input<typeof customerEditSchema>;
export type FollowUpCreate = z.input<typeof followUpCreateSchema>;

/** A customer as the API returns it. id_card and bank_card come masked. */
export interface Customer {
  id: number;
  name: string;
  phone: string;
  id_card: string | null;
  province_code: string;
  city_code: string | null;
  district_code: string | null;
  address: string | null;
  lng: number | null;
  lat: number | null;
  roof_type: (typeof RoofType.values)[number] | null;
  roof_area_m2: number | null;
  has_property_deed: boolean | null;
  estimated_kwp: number | null;
  source: (typeof CustomerSource.values)[number];
  agent_id: number | null;
  agent_name?: string | null;
  owner_id: number | null;
  owner_name?: string | null;
  stage: (typeof CustomerStage.values)[number];
  status: (typeof CustomerStatus.values)[number];
  lost_reason: string | null;
  app_enabled: boolean;
  business_mode: (typeof BusinessMode.values)[number] | null;
  financier: string | null;
  financier_id: number | null;
  bank_name: string | null;
  bank_card: string | null;
  signed_at: string | null;
  remark: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
  version: number;
}

export interface FollowUp {
  id: number;
  customer_id: number;
  way: (typeof FollowUpWay.values)[number];
  content: string;
  next_date: string | null;
  created_by: number | null;
  created_by_name?: string | null;
  created_at: string;
}

/** Filters the customer list accepts (besides page/limit/sort/order/q). */
export const CUSTOMER_FILTERS = [
  'stage',
  'status',
  'name',
  'phone',
  'province_code',
  'city_code',
  'agent_id',
  'source',
  'created_at_gte',
  'created_at_lte',
] as const;
export const CUSTOMER_SORTS = ['id', 'name', 'created_at', 'updated_at', 'signed_at', 'estimated_kwp', 'status'] as const;

/** POST customer/modify_password: the owner's 光E宝 app password (≥ 6 characters). */
export const customerModifyPasswordSchema = z.strictObject({
  id: idField(),
  password: passwordField(),
});

/** GET customer/get_verify_url: a signed, expiring link plus a 6-digit code for activating the 光E宝 account. */
export interface CustomerVerifyUrl {
  url: string;
  code: string;
  expires_at: string;
}

/** Lifetime of a 光E宝 verification link in seconds (24 h). */
export const CUSTOMER_VERIFY_TTL = 24 * 3600;

/** New customers by stage in one period. */
export interface NewUserCounts {
  intentional: number;
  formal: number;
  total: number;
}

/** GET customer/new_user_stat: new customers today / this week (from Monday) / this month, in the caller's scope (China time). */
export interface NewUserStat {
  today: NewUserCounts;
  week: NewUserCounts;
  month: NewUserCounts;
  as_of: string;
}

/** What a person sees of a customer's fields beyond their names (field-kinds.ts): the enums. */
export const CUSTOMER_DISPLAY: FieldDisplay = {
  stage: field.enumOf(CustomerStage),
  status: field.enumOf(CustomerStatus),
  source: field.enumOf(CustomerSource),
  roof_type: field.enumOf(RoofType),
  business_mode: field.enumOf(BusinessMode),
};
