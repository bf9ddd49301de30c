import { useMemo } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';
import { changedFields } from '../providers/dataProvider.ts';
import { contractResolver, type SafeParser } from './zodResolver.ts';

type Values = Record<string, unknown>;

/**
 * The resolver of an edit form: validates exactly what the data provider will send — id, version and
 * the fields changed against the record, limited to the contract's editable list. `shape` turns the
 * form's values into the request's (e.g. a plan's nested inputs) before comparing.
 */
export function useEditResolver(schema: SafeParser, editable: readonly string[], shape: (values: Values) => Values = (v) => v) {
  const translate = useTranslate();
  const record = useRecordContext();
  return useMemo(
    () =>
      contractResolver(schema, translate, (values: Values) => ({
        id: record?.id,
        version: record?.version,
        ...changedFields(shape(values), record as Values | undefined, editable),
      })),
    // shape and editable are module constants of the form
    [schema, translate, record],
  );
}

/** The resolver of a create form: the contract's create schema over `shape(values)`. */
export function useCreateResolver(schema: SafeParser, shape: (values: Values) => Values) {
  const translate = useTranslate();
  return useMemo(() => contractResolver(schema, translate, shape), [schema, translate]);
}

/** An Edit's `transform`: only the editable fields and the version go on (the provider sends those that changed). */
export const editableOnly =
  (editable: readonly string[]) =>
  (values: Values): Values =>
    Object.fromEntries([...editable, 'version'].filter((k) => k in values).map((k) => [k, values[k]]));
