import { useQuery } from '@tanstack/react-query';
import { formatDateTime, type TaskJobInfo, type TaskRecord, type TaskRunRecord } from '@pv/contract';
import { client } from '../../../providers/client.ts';

const silent = { silent: true } as const;
export const TASKS_KEY = ['tasks'];

export function useTasks() {
  return useQuery({
    queryKey: TASKS_KEY,
    queryFn: async () => (await client.get<{ list: TaskRecord[]; total: number }>('/api/system/task/index', { limit: 100 }, silent)).data.list,
  });
}

export function useJobs(enabled: boolean) {
  return useQuery({
    queryKey: ['tasks', 'jobs'],
    queryFn: async () => (await client.get<TaskJobInfo[]>('/api/system/task/jobs', undefined, silent)).data,
    enabled,
  });
}

export function useRuns(taskId: number | null) {
  return useQuery({
    queryKey: ['tasks', 'runs', taskId],
    queryFn: async () => (await client.get<{ list: TaskRunRecord[]; total: number }>('/api/system/task/runs', { task_id: taskId, limit: 50 }, silent)).data,
    enabled: taskId !== null,
  });
}

export const taskApi = {
  add: (data: Record<string, unknown>) => client.post<TaskRecord>('/api/system/task/add', data, silent),
  edit: (data: Record<string, unknown>) => client.post<TaskRecord>('/api/system/task/edit', data, silent),
  del: (id: number) => client.get('/api/system/task/del', { id }, silent),
  updateField: (id: number, field: string, value: unknown) => client.post<TaskRecord>('/api/system/task/update_field', { id, field, value }, silent),
  run: (id: number) => client.post<{ task: TaskRecord; run: TaskRunRecord }>('/api/system/task/run', { id }, silent),
};

/** A run's result for people: the JSON counts as "label: n", or the error text as is. */
export function formatResult(result: string | null | undefined, translate: (key: string, opts?: Record<string, unknown>) => string): string {
  if (!result) return '';
  try {
    const parsed = JSON.parse(result) as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      return Object.entries(parsed as Record<string, unknown>)
        .map(([k, v]) => `${translate(`pv.task.result_keys.${k}`, { _: k })}: ${String(v)}`)
        .join(', ');
    }
  } catch {
    // not JSON: an error message
  }
  return result;
}

/** a run's moment to the second, China time (the contract's formatter) */
export const formatTime = (iso: string | null | undefined, _lang?: string) => formatDateTime(iso, { seconds: true }) ?? '—';

export const formatDuration = (ms: number | null | undefined) => (ms === null || ms === undefined ? '—' : ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`);
