import { DEFAULT_BENEFIT_FACTORS, parseMessage, targetConfigSchema, type BenefitFactors, type TargetConfig, type TargetConfigView, type TargetKindValue } from '@pv/contract';

/**
 * The target editor's form (pure): the rows and factors as typed (strings), the TargetConfig they
 * make, and the errors of each cell — the contract's targetConfigSchema (the server's own check)
 * plus one rule of the editor: a period, region and kind appear once.
 */

export interface TargetFormRow {
  /** a key for React, not sent */
  key: string;
  period_key: string;
  /** '' = nationwide */
  province_code: string;
  kind: TargetKindValue | '';
  value: string;
}

export interface TargetForm {
  rows: TargetFormRow[];
  factors: Record<keyof BenefitFactors, string>;
  version: number;
}

let seq = 0;
export const newRowKey = () => `r${++seq}`;

export function formOf(view: TargetConfigView | undefined): TargetForm {
  const factors = view?.factors ?? DEFAULT_BENEFIT_FACTORS;
  return {
    rows: (view?.targets ?? []).map((t) => ({ key: newRowKey(), period_key: t.period_key, province_code: t.province_code ?? '', kind: t.kind, value: String(t.value) })),
    factors: { utilisation_hours: String(factors.utilisation_hours), co2_kg_per_kwh: String(factors.co2_kg_per_kwh), coal_kg_per_kwh: String(factors.coal_kg_per_kwh) },
    version: view?.version ?? 0,
  };
}

/** A typed number ('' and junk stay NaN-free: they become undefined, which the schema calls required / a number). */
const num = (s: string): number | undefined => {
  const t = s.trim();
  if (t === '') return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : (t as unknown as number);
};

/** The body of target/save_config. */
export function configOf(form: TargetForm): TargetConfig {
  return {
    targets: form.rows.map((r) => ({
      period_key: r.period_key.trim(),
      province_code: r.province_code || null,
      kind: (r.kind || undefined) as TargetKindValue,
      value: num(r.value) as number,
    })),
    factors: {
      utilisation_hours: num(form.factors.utilisation_hours) as number,
      co2_kg_per_kwh: num(form.factors.co2_kg_per_kwh) as number,
      coal_kg_per_kwh: num(form.factors.coal_kg_per_kwh) as number,
    },
    version: form.version,
  };
}

/** An error of a cell: a contract message ('validation.number_range|0|10') or an editor key (pv.…). */
export type FormErrors = Record<string, string>;

/** Cell errors of a form, keyed `targets.<row>.<field>` / `factors.<field>`; empty when it may be saved. */
export function formErrors(form: TargetForm): FormErrors {
  const errors: FormErrors = {};
  const config = configOf(form);
  const parsed = targetConfigSchema.safeParse(config);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.join('.');
      // a cell left empty is "required", whatever the schema says of a wrong value
      const value = issue.path.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[k] : undefined), config);
      if (!(path in errors)) errors[path] = value === undefined ? 'validation.required' : issue.message;
    }
  }
  const seen = new Map<string, number>();
  form.rows.forEach((r, i) => {
    if (!r.period_key.trim() || !r.kind) return;
    const id = `${r.period_key.trim()}|${r.province_code}|${r.kind}`;
    const first = seen.get(id);
    if (first === undefined) seen.set(id, i);
    else errors[`targets.${i}.period_key`] ??= `pv.dash.target.duplicate|${first + 1}`;
  });
  return errors;
}

/** The i18n key and params of an error: editor keys as they are, contract messages under pv.msg. */
export function errorText(message: string): { key: string; params: Record<string, unknown> } {
  if (message.startsWith('pv.')) {
    const [key, row] = message.split('|');
    return { key: key!, params: row === undefined ? {} : { row } };
  }
  const { key, params } = parseMessage(message);
  return { key: `pv.msg.${key}`, params };
}
