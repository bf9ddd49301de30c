import { z } from 'zod';

/**
 * Route schemas for the OpenAPI document, generated from the contract's zod schemas. They document
 * only: validation is done by zod in the handlers (the app installs a pass-through validator), so
 * the docs and the checks cannot drift apart.
 */
function jsonSchema(schema: z.ZodType): Record<string, unknown> {
  const out = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'openapi-3.0' }) as Record<string, unknown>;
  delete out.$schema;
  return out;
}

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

export function doc(tag: string, summary: string, parts: DocParts = {}) {
  const schema: Record<string, unknown> = {
    tags: [tag],
    summary,
    response: { 200: { ...envelope, description: parts.returns ?? 'data: see summary' } },
  };
  if (parts.body) schema.body = jsonSchema(parts.body);
  if (parts.querystring) schema.querystring = jsonSchema(parts.querystring);
  return schema;
}
