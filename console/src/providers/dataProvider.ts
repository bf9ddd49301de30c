import type { DataProvider, Identifier, RaRecord } from 'ra-core';
import { paths, type Customer, type FileView, type FollowUp, type ListResult, type TimelineEntry } from '@pv/contract';
import type { ApiClient } from '@pv/client';
import { client as defaultClient } from './client.ts';
import { toHttpError } from './errors.ts';
import { bindingOf } from './resources.ts';

/**
 * Fields an edit may send for a customer: the keys of the contract's customerEditSchema minus id and
 * version (kept as a list so the login bundle does not load zod; console/test/dataProvider.test.ts
 * checks it against the schema).
 */
export const CUSTOMER_EDITABLE = [
  'name', 'phone', 'id_card', 'province_code', 'city_code', 'district_code', 'address', 'lng', 'lat',
  'roof_type', 'roof_area_m2', 'has_property_deed', 'estimated_kwp', 'source', 'agent_id', 'owner_id',
  'remark', 'app_enabled', 'business_mode', 'financier', 'bank_name', 'bank_card',
] as const;

/** Fields an edit may send for users, roles and departments (the contract's edit schemas minus id and version). */
export const USER_EDITABLE = ['username', 'full_name', 'phone', 'email', 'department_id', 'agent_id', 'role_ids'] as const;
export const ROLE_EDITABLE = ['name', 'permissions', 'data_scope'] as const;
export const DEPARTMENT_EDITABLE = ['parent_id', 'name', 'code', 'leader', 'phone', 'sort', 'status'] as const;

/** Fields an agent edit may send (agentEditSchema minus id and version). */
export const AGENT_EDITABLE = ['code', 'name', 'parent_id', 'contact', 'phone', 'province_code', 'city_code', 'district_code', 'deposit', 'bank_name', 'bank_account'] as const;

/** Fields a message edit may send (messageEditSchema minus id and version; the recipient is fixed). */
export const MESSAGE_EDITABLE = ['title', 'content', 'type', 'level', 'link'] as const;

const EDITABLE: Record<string, readonly string[]> = { agent: AGENT_EDITABLE, customer: CUSTOMER_EDITABLE, user: USER_EDITABLE, role: ROLE_EDITABLE, department: DEPARTMENT_EDITABLE, message: MESSAGE_EDITABLE };

export interface HistoryEntry {
  id: number | string;
  action: string;
  username?: string | null;
  full_name?: string | null;
  created_at: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** The named customer actions beside react-admin's CRUD methods. */
export interface CustomerActions {
  followUp(data: { customer_id: Identifier; way: string; content: string; next_date?: string | null }): Promise<{ data: FollowUp }>;
  followUps(customerId: Identifier): Promise<{ data: FollowUp[] }>;
  survey(params: { id: Identifier; version: number }): Promise<{ data: Customer }>;
  convert(data: {
    id: Identifier;
    version: number;
    business_mode: string;
    signed_at?: string | null;
    financier?: string | null;
    bank_name?: string | null;
    bank_card?: string | null;
  }): Promise<{ data: Customer }>;
  lose(data: { id: Identifier; version: number; reason: string }): Promise<{ data: Customer }>;
  updateField(resource: string, params: { id: Identifier; field: string; value: unknown }): Promise<{ data: RaRecord }>;
}

/** Calls beyond CRUD that every operations resource shares (`api` is the API resource, e.g. 'work_order'). */
export interface OperationsCalls {
  /** POST /api/system/<api>/<op>: a named action (dispatch, approve, ...) → its reply data */
  act<T = RaRecord>(api: string, op: string, body: Record<string, unknown>): Promise<{ data: T }>;
  /** GET /api/system/<api>/<op> */
  read<T = unknown>(api: string, op: string, query?: Record<string, unknown>): Promise<{ data: T }>;
  /** GET <api>/history: the record's change log, oldest first */
  historyOf(api: string, id: Identifier): Promise<{ data: HistoryEntry[] }>;
  /** GET <api>/timeline: the record's lifecycle transitions, oldest first */
  timelineOf(api: string, id: Identifier): Promise<{ data: TimelineEntry[] }>;
  /** POST a file as the raw body (its type as Content-Type, its name in X-File-Name) → the stored file */
  upload(url: string, file: Blob, name: string, query?: Record<string, unknown>): Promise<{ data: FileView }>;
}

export type PvDataProvider = DataProvider & CustomerActions & OperationsCalls;

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** A bare date as the end of that day, for `*_lte` filters. */
const endOfDay = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v} 23:59:59` : v);

/** react-admin's filter object → the index endpoint's query parameters (empty values dropped). */
export function filterParams(filter: Record<string, unknown> | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filter ?? {})) {
    if (isEmpty(value)) continue;
    out[key] = key.endsWith('_lte') ? endOfDay(value) : value;
  }
  return out;
}

/** The fields of `data` that differ from `previous` (deep compare by JSON), limited to `allowed` when given. */
export function changedFields(
  data: Record<string, unknown>,
  previous: Record<string, unknown> | undefined,
  allowed?: readonly string[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const keys = allowed ?? Object.keys(data);
  for (const key of keys) {
    if (!(key in data) || key === 'id' || key === 'version') continue;
    const next = data[key] === '' ? null : data[key];
    const before = previous?.[key];
    if (JSON.stringify(next ?? null) !== JSON.stringify(before ?? null)) out[key] = next === undefined ? null : next;
  }
  return out;
}

/** Lists come as `{list,total}`; tolerate a bare array too. */
function asList<T>(data: unknown): ListResult<T> {
  if (Array.isArray(data)) return { list: data as T[], total: data.length };
  const d = (data ?? {}) as Partial<ListResult<T>>;
  return { list: d.list ?? [], total: Number(d.total ?? d.list?.length ?? 0) };
}

export function createDataProvider(api: ApiClient = defaultClient): PvDataProvider {
  const silent = { silent: true } as const;
  const call = async <T>(promise: Promise<{ data: T }>): Promise<T> => {
    try {
      return (await promise).data;
    } catch (error) {
      throw toHttpError(error);
    }
  };
  const url = (resource: string, op: string) => `${paths.resource(bindingOf(resource).api)}/${op}`;
  const getInfo = (resource: string, id: Identifier, signal?: AbortSignal) =>
    call<any>(api.get(url(resource, 'get_info'), { id }, { ...silent, signal }));

  const provider: PvDataProvider = {
    async getList(resource, params) {
      const binding = bindingOf(resource);
      const { page = 1, perPage = 20 } = params.pagination ?? {};
      const query: Record<string, unknown> = {
        page,
        limit: perPage,
        ...filterParams(params.filter),
        ...binding.filter,
      };
      if (params.sort?.field) {
        query.sort = params.sort.field;
        query.order = params.sort.order === 'ASC' ? 'ASC' : 'DESC';
      }
      const data = asList<any>(await call(api.get(url(resource, 'index'), query, { ...silent, signal: params.signal })));
      return { data: data.list, total: data.total };
    },

    async getOne(resource, params) {
      return { data: await getInfo(resource, params.id, params.signal) };
    },

    async getMany(resource, params) {
      const data = await Promise.all(params.ids.map((id) => getInfo(resource, id, params.signal)));
      return { data };
    },

    async getManyReference(resource, params) {
      return provider.getList(resource, { ...params, filter: { ...params.filter, [params.target]: params.id } });
    },

    async create(resource, params) {
      const binding = bindingOf(resource);
      const body: Record<string, unknown> = { ...binding.createDefaults };
      for (const [key, value] of Object.entries(params.data ?? {})) if (!isEmpty(value)) body[key] = value;
      const data = await call<RaRecord>(api.post(url(resource, 'add'), body, silent));
      return { data: data as any };
    },

    async update(resource, params) {
      const previous = params.previousData as Record<string, unknown> | undefined;
      const changes = changedFields(params.data as Record<string, unknown>, previous, EDITABLE[bindingOf(resource).api]);
      const version = (params.data as Record<string, unknown>).version ?? previous?.version;
      const data = await call<RaRecord>(api.post(url(resource, 'edit'), { id: params.id, version, ...changes }, silent));
      return { data: data as any };
    },

    async updateMany(resource, params) {
      const ids: Identifier[] = [];
      for (const id of params.ids) {
        const current = await getInfo(resource, id);
        const changes = changedFields(params.data as Record<string, unknown>, current, EDITABLE[bindingOf(resource).api]);
        await call(api.post(url(resource, 'edit'), { id, version: current.version, ...changes }, silent));
        ids.push(id);
      }
      return { data: ids };
    },

    async delete(resource, params) {
      await call(api.get(url(resource, 'del'), { id: params.id }, silent));
      return { data: (params.previousData ?? { id: params.id }) as any };
    },

    async deleteMany(resource, params) {
      await call(api.get(url(resource, 'del'), { ids: params.ids.join(',') }, silent));
      return { data: params.ids };
    },

    // ---- named customer actions ----
    async followUp(data) {
      return { data: await call<FollowUp>(api.post(paths.customerFollowUp, data, silent)) };
    },
    async followUps(customerId) {
      return { data: asList<FollowUp>(await call(api.get(paths.customerFollowUps, { customer_id: customerId }, silent))).list };
    },
    async survey(params) {
      return { data: await call<Customer>(api.post(paths.customerSurvey, params, silent)) };
    },
    async convert(data) {
      const body: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(data)) if (!isEmpty(value)) body[key] = value;
      return { data: await call<Customer>(api.post(paths.customerConvert, body, silent)) };
    },
    async lose(data) {
      return { data: await call<Customer>(api.post(paths.customerLose, data, silent)) };
    },
    async act(apiName, op, body) {
      return { data: await call<any>(api.post(`${paths.resource(apiName)}/${op}`, body, silent)) };
    },
    async read(apiName, op, query) {
      return { data: await call<any>(api.get(`${paths.resource(apiName)}/${op}`, query ?? {}, silent)) };
    },
    async historyOf(apiName, id) {
      return { data: asList<HistoryEntry>(await call(api.get(`${paths.resource(apiName)}/history`, { id }, silent))).list };
    },
    async timelineOf(apiName, id) {
      return { data: asList<TimelineEntry>(await call(api.get(`${paths.resource(apiName)}/timeline`, { id }, silent))).list };
    },
    async upload(target, file, name, query) {
      const headers = { 'Content-Type': file.type || 'application/octet-stream', 'X-File-Name': encodeURIComponent(name) };
      return { data: await call<FileView>(api.post(target, file, { ...silent, headers, params: query })) };
    },
    async updateField(resource, params) {
      return { data: await call<RaRecord>(api.post(url(resource, 'update_field'), params, silent)) };
    },
  };
  return provider;
}

export const dataProvider = createDataProvider();
