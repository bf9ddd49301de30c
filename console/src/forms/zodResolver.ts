import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { parseMessage } from '@pv/contract';

/** The subset of zod we use, so this file does not depend on zod's types. */
export interface SafeParser {
  safeParse(value: unknown): { success: true; data: unknown } | { success: false; error: { issues: Array<{ path: PropertyKey[]; message: string; code?: string }> } };
}

export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A contract message key ('validation.phone', 'validation.too_long|100') in the UI language. */
export function translateIssue(translate: Translate, message: string): string {
  const { key, params } = parseMessage(message);
  return translate(`pv.msg.${key}`, { ...params, _: message });
}

const isMissing = (value: unknown) => value === undefined || value === null || value === '';

/** The value at a zod issue path. */
function valueAt(values: unknown, path: PropertyKey[]): unknown {
  let current = values;
  for (const segment of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[segment];
  }
  return current;
}

/**
 * The message of one issue in the UI language. A required field left empty gets the contract's
 * "required" message unless the schema has its own (请填写流失原因): otherwise a schema without a
 * message for a missing value shows zod's English text (Invalid input: expected string, received
 * undefined), and an empty choice would read as 请选择有效的选项.
 */
function issueMessage(translate: Translate, issue: { path: PropertyKey[]; message: string; code?: string }, values: unknown): string {
  if (isMissing(valueAt(values, issue.path)) && !parseMessage(issue.message).key.endsWith('_required')) {
    return translate('pv.msg.validation.required');
  }
  return translateIssue(translate, issue.message);
}

/**
 * A react-hook-form resolver validating with a contract zod schema — the same schema the server
 * uses — and showing its messages through the i18n provider (请输入正确的手机号 ...).
 * `select` picks what is validated from the form values (an edit validates only what changed).
 */
export function contractResolver<T extends FieldValues>(
  schema: SafeParser,
  translate: Translate,
  select: (values: T) => Record<string, unknown> = (v) => v,
): Resolver<T> {
  return async (values) => {
    const selected = select(values);
    const result = schema.safeParse(selected);
    if (result.success) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of result.error.issues) {
      // Unknown keys are the program's concern, not the user's: the server refuses them anyway.
      if (issue.code === 'unrecognized_keys') continue;
      const path = issue.path.map(String).join('.') || 'root';
      if (path in errors) continue;
      errors[path] = { type: issue.code ?? 'validation', message: issueMessage(translate, issue, selected) };
    }
    if (Object.keys(errors).length === 0) return { values, errors: {} };
    return { values: {}, errors: errors as unknown as FieldErrors<T> };
  };
}
