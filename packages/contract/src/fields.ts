import { z } from 'zod';
import { isChineseName, isEmail, isIdCard, isIp, isMoney, isPassword, isPhone, isPort, isUrl, PASSWORD_MAX_LENGTH } from './validators.ts';
import { isCityCode, isProvinceCode } from './regions.ts';

/**
 * zod field builders whose error messages are i18n keys (i18n.ts). The server translates them into
 * the caller's language; the console hands them to react-admin's translate.
 */
export const requiredText = (max = 100) =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(max, { error: `validation.too_long|${max}` });

export const optionalText = (max = 500) =>
  z.string({ error: 'validation.required' }).trim().max(max, { error: `validation.too_long|${max}` }).nullish();

export const phoneField = () =>
  z
    .string({ error: 'validation.phone_required' })
    .trim()
    .min(1, { error: 'validation.phone_required', abort: true })
    .refine(isPhone, { error: 'validation.phone' });

export const chineseNameField = () =>
  z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required', abort: true }).refine(isChineseName, {
    error: 'validation.chinese_name',
  });

/** A new password: at least PASSWORD_MIN_LENGTH, at most PASSWORD_MAX_LENGTH characters. */
export const passwordField = () =>
  z
    .string({ error: 'validation.required' })
    .max(PASSWORD_MAX_LENGTH, { error: `validation.too_long|${PASSWORD_MAX_LENGTH}`, abort: true })
    .refine(isPassword, { error: 'validation.password_min' });

/** A password to check (the current one, the lock screen's): required, at most PASSWORD_MAX_LENGTH characters. */
export const givenPasswordField = (required = 'validation.required') =>
  z
    .string({ error: required })
    .min(1, { error: required })
    .max(PASSWORD_MAX_LENGTH, { error: `validation.too_long|${PASSWORD_MAX_LENGTH}` });

export const emailField = () => z.string({ error: 'validation.required' }).trim().refine(isEmail, { error: 'validation.email' });
export const idCardField = () => z.string({ error: 'validation.required' }).trim().refine(isIdCard, { error: 'validation.id_card' });
export const ipField = () => z.string().trim().refine(isIp, { error: 'validation.ip' });
export const urlField = () => z.string().trim().refine(isUrl, { error: 'validation.url' });
export const portField = () => z.union([z.number(), z.string()]).refine(isPort, { error: 'validation.port' }).transform(Number);
export const moneyField = () =>
  z.union([z.number(), z.string()]).refine(isMoney, { error: 'validation.money' }).transform((v) => Number(v));

export const numberInRange = (min: number, max: number) =>
  z.number({ error: 'validation.number' }).min(min, { error: `validation.number_range|${min}|${max}` }).max(max, {
    error: `validation.number_range|${min}|${max}`,
  });

/** A missing value says "required"; a value outside the list says "choose a valid option". */
export const enumField = <V extends string>(values: readonly [V, ...V[]]) =>
  z.enum(values, { error: (issue) => (issue.input === undefined || issue.input === null ? 'validation.required' : 'validation.enum') });

export const provinceField = () => z.string({ error: 'validation.required' }).refine(isProvinceCode, { error: 'validation.region' });
export const cityField = () => z.string({ error: 'validation.required' }).refine(isCityCode, { error: 'validation.region' });

/** ISO date or date-time string. */
export const dateField = () => z.string({ error: 'validation.required' }).refine((v) => !Number.isNaN(Date.parse(v)), { error: 'validation.date' });

/**
 * A number that may arrive as text (query strings, form inputs): a string is converted, a number
 * passes, anything else is a type error. Use it instead of z.coerce.number, which also turns true
 * into 1, [5] into 5 and null into 0 — a JSON body {"id": true} named record 1 (the security walk
 * found `del {"id": true}` deleting it). Chain the number's checks inside: numeric(z.number().int()).
 */
export const numeric = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (typeof v === 'string' ? Number(v) : v), schema);

export const idField = () => numeric(z.number({ error: 'validation.number' }).int().positive());

/**
 * A zod message may carry parameters as `key|a|b` (zod messages are plain strings). This splits it
 * back into a key and the params the catalogue's %{placeholders} expect.
 */
export function parseMessage(message: string): { key: string; params: Record<string, string> } {
  const [key = message, ...args] = message.split('|');
  if (key === 'validation.too_long' || key === 'validation.too_many' || key === 'validation.stat_range_long') return { key, params: { max: args[0] ?? '' } };
  if (key === 'validation.number_range') return { key, params: { min: args[0] ?? '', max: args[1] ?? '' } };
  return { key, params: {} };
}

/** The field names an object schema accepts, in declaration order. */
export const fieldsOf = <S extends z.ZodObject>(schema: S): (keyof S['shape'] & string)[] => Object.keys(schema.shape);

/**
 * The fields an edit may change: its schema's fields without `id` and `version`. Each `<RESOURCE>_EDITABLE`
 * is this of the very schema the server parses `<resource>/edit` with, so a field added to the schema is
 * editable in the console and accepted by the server at once.
 */
export const editableFields = <S extends z.ZodObject>(schema: S): Exclude<keyof S['shape'] & string, 'id' | 'version'>[] =>
  fieldsOf(schema).filter((k): k is Exclude<keyof S['shape'] & string, 'id' | 'version'> => k !== 'id' && k !== 'version');
