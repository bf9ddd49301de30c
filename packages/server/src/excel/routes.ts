import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { actorOf, authOf, type Deps } from '../http/deps.ts';
import { ok } from '../http/errors.ts';
import { doc } from '../http/openapi.ts';
import { excelError, excelMessage } from './columns.ts';
import { type ExportSpec, sendExport } from './export.ts';
import { type ImportSpec, importRows, importTemplate } from './import.ts';
import { contentDisposition, XLSX_MIME } from './xlsx.ts';

/** Largest upload accepted by an import. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
const ACCEPTED_TYPES = new Set([XLSX_MIME, 'application/octet-stream']);

/** The raw body, refused past `limit` bytes with a clear 413 (instead of the global body limit's message). */
export function readLimited(req: FastifyRequest, payload: NodeJS.ReadableStream, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0);
  const tooLarge = () => excelError(413, 'too_large', { limit: `${Math.round(limit / 1024 / 1024)} MB` });
  if (declared > limit) return Promise.reject(tooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    payload.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        payload.removeAllListeners('data');
        payload.resume();
        reject(tooLarge());
      } else chunks.push(chunk);
    });
    payload.on('end', () => resolve(Buffer.concat(chunks)));
    payload.on('error', reject);
  });
}

/**
 * `<base>/export`, `<base>/import`, `<base>/import_template` for a declared resource: export with
 * `<permission>:index` (the list's filters), import and template with `<permission>:add` — unless
 * the resource has its own codes (`station:export`, `station:import`).
 */
export function excelRoutes(
  app: FastifyInstance,
  { db }: Deps,
  opts: { exportSpec?: ExportSpec; importSpec?: ImportSpec; exportPermission?: string; importPermission?: string },
) {
  const def = opts.exportSpec?.def ?? opts.importSpec?.def;
  if (!def) return;
  const base = `/api/system/${def.name}`;
  const tag = def.name;
  const { exportSpec, importSpec } = opts;
  const importPermission = opts.importPermission ?? `${def.permission}:add`;

  if (exportSpec) {
    const filters = z.object(Object.fromEntries(Object.keys(def.filters).map((k) => [k, z.string().optional()])));
    app.get(
      `${base}/export`,
      {
        config: { permission: opts.exportPermission ?? `${def.permission}:index` },
        schema: doc(tag, `Export the list as .xlsx (streamed): the same sort, order, q and filters as index; headers in the caller's language`, {
          querystring: z.object({ sort: z.string().optional(), order: z.enum(['ASC', 'DESC']).optional(), q: z.string().optional() }).extend(filters.shape),
          returns: 'an .xlsx file',
        }),
      },
      (req, reply) => sendExport(reply, db, exportSpec, req.query as Record<string, unknown>, authOf(req), req.lang),
    );
  }
  if (!importSpec) return;

  app.get(
    `${base}/import_template`,
    { config: { permission: importPermission }, schema: doc(tag, 'The import template (.xlsx): headers in the caller\'s language, required ones marked *, one example row', { returns: 'an .xlsx file' }) },
    async (req, reply) => {
      const name = `${importSpec.templateTitle[req.lang === 'zh' ? 0 : 1]}.xlsx`;
      return reply
        .header('content-type', XLSX_MIME)
        .header('content-disposition', contentDisposition(name, `${def.name}_import_template.xlsx`))
        .header('access-control-expose-headers', 'Content-Disposition')
        .send(importTemplate(importSpec, req.lang));
    },
  );

  // the upload is the raw .xlsx body; its own parser (in this scope only) enforces the size and type
  const maxBytes = importSpec.maxBytes ?? IMPORT_MAX_BYTES;
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { bodyLimit: maxBytes + 1 }, (req, payload, done) => {
      readLimited(req, payload, maxBytes).then(
        (buf) => done(null, buf),
        (err: Error) => done(err, undefined),
      );
    });
    scope.post(
      `${base}/import`,
      {
        config: { permission: importPermission },
        bodyLimit: maxBytes + 1,
        schema: doc(
          tag,
          `Import rows from an .xlsx (raw body, Content-Type ${XLSX_MIME}, at most ${maxBytes / 1024 / 1024} MB and ${importSpec.maxRows} rows): all rows in one transaction → {imported}, or nothing and 400 with data.errors [{row, column, message}]`,
          { returns: '{imported} | 400 {errors}' },
        ),
      },
      async (req, reply) => {
        const type = String(req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
        const body = req.body;
        if (!ACCEPTED_TYPES.has(type) || !Buffer.isBuffer(body)) throw excelError(400, 'type');
        const result = await importRows(db, importSpec, body, authOf(req), actorOf(req), req.lang);
        if (result.errors) {
          return reply.status(400).send({ code: 400, msg: excelMessage('rows_invalid', req.lang, { n: new Set(result.errors.map((e) => e.row)).size }), data: { imported: 0, errors: result.errors } });
        }
        return ok(result);
      },
    );
  });
}
