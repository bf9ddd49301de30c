import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { actorOf, authOf, type Deps } from '../http/deps.ts';
import { ok } from '../http/errors.ts';
import { doc } from '../http/openapi.ts';
import { excelError, excelMessage } from './columns.ts';
import { type ExportSpec, sendExport } from './export.ts';
import { type ImportSpec, importRows, importTemplate } from './import.ts';
import { contentDisposition, XLSX_MIME } from './xlsx.ts';

/** A workbook made in memory as the reply: its name (RFC 5987) with an ASCII fallback, readable by the console. */
export function sendXlsx(reply: FastifyReply, file: Buffer, name: string, fallback: string) {
  return reply
    .header('content-type', XLSX_MIME)
    .header('content-disposition', contentDisposition(name, fallback))
    .header('access-control-expose-headers', 'Content-Disposition')
    .send(file);
}

/** Largest upload accepted by an import. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
const ACCEPTED_TYPES = new Set([XLSX_MIME, 'application/octet-stream']);
/** Content types a sheet that may be .xlsx or .csv arrives with (browsers send a .csv as text/csv or, on Windows, as Excel's). */
export const SHEET_OR_CSV_TYPES = new Set([XLSX_MIME, 'application/octet-stream', 'text/csv', 'text/plain', 'application/csv', 'application/vnd.ms-excel']);

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
 * A POST whose body is a spreadsheet file, in its own scope so that its parser and size limit apply to it alone:
 * past `maxBytes` a 413 with the limit; `load` reads the record it writes to first (scope's 403/404 come before
 * anything about the file); another content type or an empty body is `typeError`; `run` gets the bytes and answers
 * `{ errors }` — every row's problem, sent as a 400 with nothing changed — or its result.
 */
export function sheetUploadRoute(
  app: FastifyInstance,
  o: {
    url: string;
    permission: string;
    maxBytes: number;
    types: ReadonlySet<string>;
    typeError: () => Error;
    schema: ReturnType<typeof doc>;
    load?: (req: FastifyRequest) => Promise<unknown>;
    run: (req: FastifyRequest, body: Buffer) => Promise<{ errors?: readonly { row: number }[] | undefined }>;
  },
) {
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { bodyLimit: o.maxBytes + 1 }, (req, payload, done) => {
      readLimited(req, payload, o.maxBytes).then(
        (buf) => done(null, buf),
        (err: Error) => done(err, undefined),
      );
    });
    scope.post(o.url, { config: { permission: o.permission }, bodyLimit: o.maxBytes + 1, schema: o.schema }, async (req, reply) => {
      await o.load?.(req);
      const type = String(req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      if (!o.types.has(type) || !Buffer.isBuffer(req.body) || !req.body.length) throw o.typeError();
      const result = await o.run(req, req.body);
      if (result.errors) {
        return reply.status(400).send({ code: 400, msg: excelMessage('rows_invalid', req.lang, { n: new Set(result.errors.map((e) => e.row)).size }), data: { imported: 0, errors: result.errors } });
      }
      return ok(result);
    });
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
      return sendXlsx(reply, importTemplate(importSpec, req.lang), name, `${def.name}_import_template.xlsx`);
    },
  );

  // the upload is the raw .xlsx body
  const maxBytes = importSpec.maxBytes ?? IMPORT_MAX_BYTES;
  sheetUploadRoute(app, {
    url: `${base}/import`,
    permission: importPermission,
    maxBytes,
    types: ACCEPTED_TYPES,
    typeError: () => excelError(400, 'type'),
    schema: doc(
      tag,
      `Import rows from an .xlsx (raw body, Content-Type ${XLSX_MIME}, at most ${maxBytes / 1024 / 1024} MB and ${importSpec.maxRows} rows): all rows in one transaction → {imported}, or nothing and 400 with data.errors [{row, column, message}]`,
      { returns: '{imported} | 400 {errors}' },
    ),
    run: (req, body) => importRows(db, importSpec, body, authOf(req), actorOf(req), req.lang),
  });
}
