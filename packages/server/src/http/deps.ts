import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { AuthContext } from '../modules/auth/context.ts';
import type { Actor } from '../modules/system/syslog.ts';

/** What every module's routes get from buildApp. */
export interface Deps {
  db: Db;
  dbKind: 'pglite' | 'postgres';
  config: Config;
}

/** The signed-in caller of a non-public route (the auth hook guarantees it is set). */
export function authOf(req: FastifyRequest): AuthContext {
  if (!req.auth) throw new Error('route is public but asks for the caller');
  return req.auth;
}

export function actorOf(req: FastifyRequest): Actor {
  return { userId: req.auth?.userId ?? null, username: req.auth?.username ?? null, ip: req.ip };
}

/**
 * Body for POST, query for GET: SPEC.md's calls put parameters in either (update_field is sent as
 * "params" by the original console). For POST, query parameters fill in what the body lacks.
 */
export function input(req: FastifyRequest): unknown {
  if (req.method === 'GET') return req.query;
  const body = req.body;
  const query = (req.query ?? {}) as Record<string, unknown>;
  if (body === undefined || body === null) return query;
  if (typeof body !== 'object' || Array.isArray(body)) return body;
  return Object.keys(query).length ? { ...query, ...(body as Record<string, unknown>) } : body;
}
