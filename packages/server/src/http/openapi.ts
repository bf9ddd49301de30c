import { z } from 'zod';

/**
 * Route schemas for the OpenAPI document, generated from the contract's zod schemas. They document
 * only: validation is done by zod in the handlers (the app installs a pass-through validator), so
 * the docs and the checks cannot drift apart.
 */
function jsonSchema(schema: z.ZodType): Record<string, unknown> {
  const out = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'openapi-3.0' }) as Record<string, unknown>;
  delete out.$schema;
  nullableIntoBranches(out);
  return out;
}

type Node = Record<string, unknown> & { nullable?: boolean; type?: unknown; anyOf?: Node[]; oneOf?: Node[] };

/**
 * OpenAPI 3.0 wants `nullable` beside a `type`; zod writes `{nullable, anyOf: [...]}` for a nullable
 * union. The flag goes into each branch instead (the same values are allowed).
 */
function nullableIntoBranches(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    node.forEach(nullableIntoBranches);
    return;
  }
  const n = node as Node;
  const branches = n.anyOf ?? n.oneOf;
  if (n.nullable && n.type === undefined && branches?.length) {
    delete n.nullable;
    // anyOf: every branch; oneOf: the first only (its branches must stay exclusive)
    for (const b of n.anyOf ? branches : branches.slice(0, 1)) b.nullable = true;
  }
  for (const v of Object.values(n)) nullableIntoBranches(v);
}

/** The refusals every route may answer: the envelope with its code and a message in the caller's language. */
const REFUSALS: Record<number, string> = {
  400: 'The request is not valid: msg names the field and the rule',
  401: 'No token, or a token that is not valid (sign in)',
  403: 'The caller lacks the permission the route needs',
  404: 'The record does not exist — or is outside the caller\'s data scope: the same answer',
};

/** `?id=1` or `?ids=1,2,3` of a GET delete. */
export const deleteQueryDoc = z.object({
  id: z.number().int().positive().optional(),
  ids: z.string().optional().describe('comma-separated ids'),
});

const envelope = {
  type: 'object',
  description: 'Every reply: {code, msg, data}. code equals the HTTP status (200 on success).',
  properties: { code: { type: 'integer' }, msg: { type: 'string' }, data: {} },
};

export interface DocParts {
  body?: z.ZodType;
  querystring?: z.ZodType;
  /** free-form description of `data` */
  returns?: string;
}

/** A route's replies in the document: 200 with what `data` holds, and the refusals. */
export const docResponses = (returns = 'data: see summary') => ({
  200: { ...envelope, description: returns },
  ...Object.fromEntries(Object.entries(REFUSALS).map(([code, description]) => [code, { ...envelope, description }])),
});

export function doc(tag: string, summary: string, parts: DocParts = {}) {
  const schema: Record<string, unknown> = {
    tags: [tag],
    summary,
    response: docResponses(parts.returns),
  };
  if (parts.body) schema.body = jsonSchema(parts.body);
  if (parts.querystring) schema.querystring = jsonSchema(parts.querystring);
  return schema;
}
