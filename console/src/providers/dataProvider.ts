import type {
  CreateParams,
  CreateResult,
  DataProvider,
  DeleteManyParams,
  DeleteManyResult,
  DeleteParams,
  DeleteResult,
  GetListParams,
  GetListResult,
  GetManyParams,
  GetManyReferenceParams,
  GetManyReferenceResult,
  GetManyResult,
  GetOneParams,
  GetOneResult,
  Identifier,
  RaRecord,
  UpdateManyParams,
  UpdateManyResult,
  UpdateParams,
  UpdateResult,
} from 'ra-core';
import {
  AGENT_EDITABLE,
  CUSTOMER_EDITABLE,
  DEPARTMENT_EDITABLE,
  MATTER_EDITABLE,
  MESSAGE_EDITABLE,
  ROLE_EDITABLE,
  STATION_EDITABLE,
  USER_EDITABLE,
  WORK_ORDER_EDITABLE,
  paths,
  type Customer,
  type FileView,
  type FollowUp,
  type ListResult,
  type RefNames,
  type TimelineEntry,
  MATERIAL_EDITABLE,
  WAREHOUSE_EDITABLE,
  OPERATION_PLAN_EDITABLE,
  PARTNER_EDITABLE,
  INVOICE_EDITABLE,
} from '@pv/contract';
import type { ApiClient } from '@pv/client';
import { client as defaultClient } from './client.ts';
import { toHttpError } from './errors.ts';
import { bindingOf } from './resources.ts';
import { noteOwnSave } from './ownSaves.ts';

/**
 * The fields an edit may send, per API resource: each list is the contract's `editableFields` of the
 * edit schema the server parses `<resource>/edit` with, so the two cannot drift. Resources not listed
 * (menu, task, product: their own dialogs) send every changed field.
 */
export const EDITABLE: Readonly<Partial<Record<string, readonly string[]>>> = {
  agent: AGENT_EDITABLE,
  customer: CUSTOMER_EDITABLE,
  department: DEPARTMENT_EDITABLE,
  matter: MATTER_EDITABLE,
  message: MESSAGE_EDITABLE,
  role: ROLE_EDITABLE,
  station: STATION_EDITABLE,
  user: USER_EDITABLE,
  work_order: WORK_ORDER_EDITABLE,
  material: MATERIAL_EDITABLE,
  warehouse: WAREHOUSE_EDITABLE,
  operation_plan: OPERATION_PLAN_EDITABLE,
  invoice: INVOICE_EDITABLE,
  partner: PARTNER_EDITABLE,
};

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
  /** GET <api>/history: the record's change log, oldest first, and the names of the records its values point at */
  historyOf(api: string, id: Identifier): Promise<{ data: HistoryEntry[]; refs: RefNames }>;
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

/**
 * The body of `<api>/edit`: the id, the version the record was read at and the editable fields of `data`
 * that differ from `previous` (a field outside the resource's edit schema is never sent).
 */
export function editBody(api: string, id: Identifier, data: Record<string, unknown>, previous: Record<string, unknown> | undefined): Record<string, unknown> {
  const version = data.version ?? previous?.version;
  return { id, version, ...changedFields(data, previous, EDITABLE[api]) };
}

/** Lists come as `{list,total}`; tolerate a bare array too. */
function asList<T>(data: unknown): ListResult<T> & { exact: boolean } {
  if (Array.isArray(data)) return { list: data as T[], total: data.length, exact: true };
  const d = (data ?? {}) as Partial<ListResult<T>> & { total_exact?: boolean };
  return { list: d.list ?? [], total: Number(d.total ?? d.list?.length ?? 0), exact: d.total_exact !== false };
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
  // a record as the API returns it, typed as the caller asks (react-admin passes its record type down)
  const getInfo = <R extends RaRecord>(resource: string, id: Identifier, signal?: AbortSignal) => call<R>(api.get(url(resource, 'get_info'), { id }, { ...silent, signal }));

  const provider: PvDataProvider = {
    async getList<R extends RaRecord>(resource: string, params: GetListParams): Promise<GetListResult<R>> {
      const binding = bindingOf(resource);
      const { page = 1, perPage = 20 } = params.pagination ?? {};
      const query: Record<string, unknown> = {
        page,
        limit: perPage,
        ...filterParams(params.filter as Record<string, unknown> | undefined),
        ...binding.filter,
      };
      if (params.sort?.field) {
        query.sort = params.sort.field;
        query.order = params.sort.order === 'ASC' ? 'ASC' : 'DESC';
      }
      const data = asList<R>(await call<unknown>(api.get(url(resource, 'index'), query, { ...silent, signal: params.signal })));
      if (data.exact) return { data: data.list, total: data.total };
      // a broad keyword: the server counted KEYWORD_COUNT_CAP matches and stopped — page on without a last page
      return { data: data.list, pageInfo: { hasNextPage: data.list.length === perPage, hasPreviousPage: page > 1 } };
    },

    async getOne<R extends RaRecord>(resource: string, params: GetOneParams<R>): Promise<GetOneResult<R>> {
      return { data: await getInfo<R>(resource, params.id, params.signal) };
    },

    async getMany<R extends RaRecord>(resource: string, params: GetManyParams<R>): Promise<GetManyResult<R>> {
      const data = await Promise.all(params.ids.map((id) => getInfo<R>(resource, id, params.signal)));
      return { data };
    },

    async getManyReference<R extends RaRecord>(resource: string, params: GetManyReferenceParams): Promise<GetManyReferenceResult<R>> {
      return provider.getList<R>(resource, { ...params, filter: { ...params.filter, [params.target]: params.id } });
    },

    async create<R extends Omit<RaRecord, 'id'>, Result extends RaRecord = R & { id: Identifier }>(resource: string, params: CreateParams<R>): Promise<CreateResult<Result>> {
      const binding = bindingOf(resource);
      const body: Record<string, unknown> = { ...binding.createDefaults };
      for (const [key, value] of Object.entries((params.data ?? {}) as Record<string, unknown>)) if (!isEmpty(value)) body[key] = value;
      return { data: await call<Result>(api.post(url(resource, 'add'), body, silent)) };
    },

    async update<R extends RaRecord>(resource: string, params: UpdateParams<R>): Promise<UpdateResult<R>> {
      const body = editBody(bindingOf(resource).api, params.id, params.data as Record<string, unknown>, params.previousData as Record<string, unknown> | undefined);
      const data = await call<R>(api.post(url(resource, 'edit'), body, silent));
      noteOwnSave(resource, data);
      return { data };
    },

    async updateMany<R extends RaRecord>(resource: string, params: UpdateManyParams<R>): Promise<UpdateManyResult<R>> {
      const ids: R['id'][] = [];
      for (const id of params.ids) {
        const current = await getInfo<RaRecord>(resource, id);
        const body = editBody(bindingOf(resource).api, id, { ...(params.data as Record<string, unknown>), version: current.version }, current);
        await call(api.post(url(resource, 'edit'), body, silent));
        ids.push(id);
      }
      return { data: ids };
    },

    async delete<R extends RaRecord>(resource: string, params: DeleteParams<R>): Promise<DeleteResult<R>> {
      await call(api.get(url(resource, 'del'), { id: params.id }, silent));
      // the server answers no record; react-admin gets the one it deleted (or its id)
      return { data: params.previousData ?? ({ id: params.id } as R) };
    },

    async deleteMany<R extends RaRecord>(resource: string, params: DeleteManyParams<R>): Promise<DeleteManyResult<R>> {
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
    async act<T = RaRecord>(apiName: string, op: string, body: Record<string, unknown>) {
      return { data: await call<T>(api.post(`${paths.resource(apiName)}/${op}`, body, silent)) };
    },
    async read<T = unknown>(apiName: string, op: string, query?: Record<string, unknown>) {
      return { data: await call<T>(api.get(`${paths.resource(apiName)}/${op}`, query ?? {}, silent)) };
    },
    async historyOf(apiName, id) {
      const answer = await call<{ list: HistoryEntry[]; refs?: RefNames }>(api.get(`${paths.resource(apiName)}/history`, { id }, silent));
      return { data: asList<HistoryEntry>(answer).list, refs: answer?.refs ?? {} };
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
