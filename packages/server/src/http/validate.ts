import type { Lang } from '@pv/contract';
import { parseMessage } from '@pv/contract';
import type { z } from 'zod';
import { ApiError } from './errors.ts';
import { fieldLabel } from './labels.ts';
import { hasKey, t, typeName } from './messages.ts';

type Issue = z.core.$ZodIssue;

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let v: unknown = input;
  for (const p of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[p];
  }
  return v;
}

/** One zod issue as a sentence in `lang`, naming the field: `手机号：请输入正确的手机号`. */
export function issueMessage(issue: Issue, input: unknown, lang: Lang, labelOf: (field: string | undefined, lang: Lang) => string | null = fieldLabel): string {
  const sep = lang === 'zh' ? '：' : ': ';
  const path = issue.path as PropertyKey[];
  const last = path.filter((p) => typeof p === 'string').at(-1) as string | undefined;
  if (issue.code === 'unrecognized_keys') {
    const prefix = path.length ? path.join('.') + '.' : '';
    return t('error.unknown_field', lang, { fields: issue.keys.map((k) => prefix + k).join(', ') });
  }
  const value = valueAt(input, path);
  const { key, params } = parseMessage(issue.message);
  let text: string;
  if (issue.code === 'invalid_type' && value !== undefined && value !== null && issue.expected !== 'nonoptional') {
    // a value of the wrong JSON type (e.g. a number for a name): say what was expected, not "required"
    text = t('validation.type', lang, { expected: typeName(String(issue.expected), lang) });
  } else if (hasKey(key) && !(key === 'validation.number' && (issue.code === 'too_small' || issue.code === 'too_big'))) {
    // (a schema-level "please enter a number" also covers its range checks in zod 4; say the range instead)
    text = t(key, lang, params);
  } else if (issue.code === 'invalid_type') {
    text = t('validation.required', lang);
  } else if (issue.code === 'too_big') {
    text = issue.origin === 'string' ? t('validation.too_long', lang, { max: issue.maximum }) : t('validation.max', lang, { max: issue.maximum });
  } else if (issue.code === 'too_small') {
    if (issue.origin === 'string') text = Number(issue.minimum) <= 1 ? t('validation.required', lang) : t('validation.too_short', lang, { min: issue.minimum });
    else if (issue.origin === 'array') text = t('validation.array_min', lang, { min: issue.minimum });
    else text = t('validation.min', lang, { min: issue.inclusive === false ? `${issue.minimum}+` : issue.minimum });
  } else if (issue.code === 'invalid_value') {
    text = t('validation.enum', lang);
  } else {
    text = t('validation.invalid', lang);
  }
  const label = labelOf(last, lang);
  return label ? `${label}${sep}${text}` : text;
}

/** A ZodError as a 400 ApiError whose msg lists the (first few) problems in the caller's language. */
export function validationError(error: z.ZodError, input: unknown): ApiError {
  const issues = flatten(error.issues);
  const unknown = issues.find((i) => i.code === 'unrecognized_keys');
  return new ApiError(400, unknown ? 'error.unknown_field' : 'error.invalid_params', {}, (lang) => {
    const parts = [...new Set(issues.slice(0, 4).map((i) => issueMessage(i, input, lang)))];
    return parts.join(lang === 'zh' ? '；' : '; ');
  });
}

/** Union errors (del's id|ids) carry their branches' issues; show the branch that got furthest. */
function flatten(issues: Issue[]): Issue[] {
  const out: Issue[] = [];
  for (const issue of issues) {
    if (issue.code === 'invalid_union' && issue.errors.length) {
      const best = issue.errors.reduce((a, b) => (b.length < a.length ? b : a));
      out.push(...flatten(best.map((i) => ({ ...i, path: [...issue.path, ...i.path] }) as Issue)));
    } else out.push(issue);
  }
  return out;
}

/** Parse with a contract schema or throw the translated 400. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(result.error, input);
  return result.data;
}
