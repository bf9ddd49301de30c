import { z } from 'zod';
import { AgentStatus } from './enums.ts';
import { cityField, editableFields, enumField, idField, moneyField, optionalText, phoneField, provinceField, requiredText } from './fields.ts';
import { field, type FieldDisplay } from './field-kinds.ts';

/** 代理商编码: upper-case letters and digits (SD001). */
export const AGENT_CODE_PATTERN = /^[A-Z0-9]{2,32}$/;
export const isAgentCode = (v: string): boolean => AGENT_CODE_PATTERN.test(v);

/** 结算账户: digits only, 8–32 (bank card or corporate account). */
export const isBankAccount = (v: string): boolean => /^\d{8,32}$/.test(v);

/** Fields a person enters for an agent. Status moves only through the enable/disable actions. */
const agentInput = {
  code: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required', abort: true }).refine(isAgentCode, { error: 'validation.agent_code' }),
  name: requiredText(100),
  parent_id: idField().nullish(),
  contact: optionalText(32),
  phone: phoneField().nullish(),
  province_code: provinceField(),
  city_code: cityField().nullish(),
  district_code: z.string().max(12).nullish(),
  deposit: moneyField().nullish(),
  bank_name: optionalText(100),
  bank_account: z.string().trim().refine(isBankAccount, { error: 'validation.bank_account' }).nullish(),
};

export const agentCreateSchema = z.strictObject({
  ...agentInput,
  /** a new agent waits for review unless the creator enables it right away */
  status: enumField(AgentStatus.values).default('pending'),
});

/** An edit sends only what changed, plus the id and the version it was read at. */
export const agentEditSchema = z.strictObject(agentInput).partial().extend({
  id: idField(),
  version: z.number({ error: 'validation.number' }).int().nonnegative(),
});
/** Fields an agent edit may send (agentEditSchema minus id and version). */
export const AGENT_EDITABLE = editableFields(agentEditSchema);

/** enable / disable: {id, version} */
export const agentActionSchema = z.strictObject({
  id: idField(),
  version: z.number({ error: 'validation.number' }).int().nonnegative(),
});

export type AgentCreate = z.input<typeof agentCreateSchema>;
export type AgentEdit = z.input<typeof agentEditSchema>;

/** An agent as the API returns it: bank_account masked; parent_name and counters added. */
export interface Agent {
  id: number;
  code: string;
  name: string;
  parent_id: number | null;
  parent_name?: string | null;
  contact: string | null;
  phone: string | null;
  province_code: string | null;
  city_code: string | null;
  district_code: string | null;
  status: (typeof AgentStatus.values)[number];
  deposit: number | null;
  bank_name: string | null;
  bank_account: string | null;
  created_by: number | null;
  created_by_name?: string | null;
  children_count?: number;
  /** the 合作伙伴 record the agent is (partner/link) */
  partner_id?: number | null;
  partner_name?: string | null;
  created_at: string;
  updated_at: string;
  version: number;
}

/** The agent's counters on its detail page (its own rows, not its children's). */
export interface AgentCounters {
  customers: number;
  formal_customers: number;
  stations: number;
  users: number;
  children: number;
}

export const AGENT_FILTERS = ['id', 'status', 'parent_id', 'top', 'province_code', 'city_code', 'code', 'name', 'q'] as const;
export const AGENT_SORTS = ['id', 'code', 'name', 'status', 'deposit', 'created_at', 'updated_at'] as const;

/** The inputagentDetail page's "new station" dialog: a formal customer of the agent, a name, the capacity, a package. */
export const agentStationEntrySchema = z.strictObject({
  customer_id: idField(),
  name: requiredText(100),
  capacity_kwp: z.number({ error: 'validation.number' }).min(0.01, { error: 'validation.number_range|0.01|10000' }).max(10000, { error: 'validation.number_range|0.01|10000' }),
  product_id: idField().nullish(),
});

/** An agent's fields beyond their names (field-kinds.ts): its status, and its parent is an agent. */
export const AGENT_DISPLAY: FieldDisplay = {
  status: field.enumOf(AgentStatus),
  parent_id: field.ref('agent'),
};
