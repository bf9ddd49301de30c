export { createClient, ApiError, CLIENT_CODES } from './client.ts';
export type { ApiClient, ClientOptions, RequestConfig, ExtraConfig, HttpMethod, NotifyKind, ErrorLogEntry } from './client.ts';
export { serializeParams, withQuery } from './query.ts';
export { detectBrowser, currentBrowser } from './browser.ts';
export type { ApiEnvelope } from '@pv/contract';
export { websocketUrl, backoffDelay, parseServerFrame } from './websocket.ts';
