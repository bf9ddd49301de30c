import type { ApiClient, RequestConfig } from '@pv/client';

/** A fake API client for provider tests: records every call and answers from a function (an Error answer rejects). */
export function fakeClient(answer: (config: RequestConfig) => unknown) {
  const calls: RequestConfig[] = [];
  const request = async (config: RequestConfig) => {
    calls.push(config);
    const data = answer(config);
    if (data instanceof Error) throw data;
    return { code: 200, msg: 'ok', data };
  };
  const api: ApiClient = {
    request: request as ApiClient['request'],
    get: ((url: string, params?: Record<string, unknown>, extra?: object) => request({ ...extra, url, method: 'GET', params })) as ApiClient['get'],
    post: ((url: string, data?: unknown, extra?: object) => request({ ...extra, url, method: 'POST', data })) as ApiClient['post'],
  };
  return { api, calls };
}
