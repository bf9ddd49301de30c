import { paths, numeric } from '@pv/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { actorOf, authOf, type Deps } from '../../http/deps.ts';
import { ApiError, ok } from '../../http/errors.ts';
import { doc } from '../../http/openapi.ts';
import { acceptRawBodies } from '../../http/raw-body.ts';
import { parse } from '../../http/validate.ts';
import { can } from '../auth/context.ts';
import { authenticate } from '../auth/service.ts';
import { FILE_URL, fileServiceOf, type FileOwnerType, MAX_UPLOAD_BYTES, uploadTooLarge } from './service.ts';

/** Owner types the generic upload serves; station documents upload through station/upload_doc. */
const uploadQuery = z.object({
  owner_type: z.enum(['self_audit', 'matter', 'audio', 'inspection', 'maintenance', 'partner_doc', 'partner_cert', 'insurance_claim', 'invoice', 'workflow_tpl'], { error: 'validation.enum' }),
  name: z.string().max(300).optional(),
});

/**
 * Who may upload what: the permission of an action that can attach the file to its record. A user
 * who could not attach a file anywhere cannot store one either (no disk filling by accounts without
 * roles). Checked before the body is read.
 */
export const UPLOAD_PERMISSIONS: Record<'self_audit' | 'matter' | 'audio' | 'inspection' | 'maintenance' | 'partner_doc' | 'partner_cert' | 'insurance_claim' | 'invoice' | 'workflow_tpl', readonly string[]> = {
  self_audit: ['work_order:submit_audit'],
  matter: ['matter:add', 'matter:reply'],
  audio: ['matter:reply'],
  inspection: ['inspection:submit'],
  maintenance: ['maintenance:submit'],
  partner_doc: ['partner:add', 'partner:edit'],
  partner_cert: ['partner:add', 'partner:edit'],
  insurance_claim: ['insurance_claim:add', 'insurance_claim:submit'],
  invoice: ['invoice:add', 'invoice:edit', 'invoice:red_letter'],
  // a workflow download node's xlsx template: whoever edits the process's draft
  workflow_tpl: ['workflow:edit'],
};

type UploadOwner = keyof typeof UPLOAD_PERMISSIONS;

/** 403 unless the caller holds one of the permissions of (one of) the owner types. */
function mayUpload(req: FastifyRequest, owners: readonly UploadOwner[]): void {
  const needed = [...new Set(owners.flatMap((o) => UPLOAD_PERMISSIONS[o]))];
  if (!needed.some((p) => can(authOf(req), p))) throw new ApiError(403, 'error.forbidden', { permission: needed.join(' / ') });
}

/** The file's name: ?name= or the X-File-Name header (URL-encoded, so Chinese names survive). */
export function fileNameOf(req: FastifyRequest, fallback: string): string {
  const header = req.headers['x-file-name'];
  const raw = (req.query as { name?: string }).name ?? (typeof header === 'string' ? header : undefined);
  if (!raw) return fallback;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * Uploads: `POST /api/system/file/upload?owner_type=…` and SPEC.md §7's audio upload `POST /upload`
 * take the file itself as the body (its Content-Type, the name in ?name= or X-File-Name) and answer
 * the stored file with signed links; `GET /api/public/file/:id/:variant` serves a signed link.
 */
export function fileRoutes(app: FastifyInstance, deps: Deps) {
  const { db, config } = deps;
  const svc = fileServiceOf(deps);

  app.register(async (scoped) => {
    acceptRawBodies(scoped, MAX_UPLOAD_BYTES, () => uploadTooLarge());
    const bodyOf = (req: FastifyRequest) => (Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0));

    scoped.post(
      '/api/system/file/upload',
      {
        config: { permission: '' },
        schema: doc('file', 'Upload one file as the raw body (?owner_type=self_audit|matter|audio|inspection|maintenance|partner_doc|partner_cert|insurance_claim|invoice|workflow_tpl, ?name= or X-File-Name). Type checked by content: images jpeg/png/webp ≤ 10 MiB (thumbnail made), PDF ≤ 20 MiB, audio ≤ 5 MiB. Needs the permission that attaches it: self_audit work_order:submit_audit, matter matter:add or matter:reply, audio matter:reply, inspection inspection:submit, maintenance maintenance:submit, partner_doc / partner_cert (PDF or image) partner:add or partner:edit, insurance_claim (PDF or image) insurance_claim:add or insurance_claim:submit, workflow_tpl (an .xlsx ≤ 5 MiB, a workflow document template) workflow:edit. → the file with signed url / thumb_url / download_url; attach it by id when submitting the record'),
        // after the auth hook, before the body is read: no permission, no upload
        onRequest: async (req) => {
          // an unknown owner_type is the handler's 400, for a caller who may upload something at all
          const owner = uploadQuery.shape.owner_type.safeParse((req.query as { owner_type?: unknown }).owner_type);
          mayUpload(req, owner.success ? [owner.data] : (Object.keys(UPLOAD_PERMISSIONS) as UploadOwner[]));
        },
      },
      async (req) => {
        const q = parse(uploadQuery, req.query);
        const auth = authOf(req);
        const row = await svc.store(db, { ownerType: q.owner_type as FileOwnerType, name: fileNameOf(req, 'file'), declaredType: String(req.headers['content-type'] ?? ''), body: bodyOf(req) }, auth, actorOf(req));
        return ok(svc.present(row));
      },
    );

    scoped.post(
      paths.upload,
      {
        // (outside /api the auth hook does not read this: it documents the route, and marks its replies private)
        config: { permission: 'matter:reply' },
        schema: doc('file', 'Audio upload of SPEC.md §7 (voice notes on matter replies): the audio as the raw body, Bearer and matter:reply required → the stored file (id, url)'),
        // not under /api: the auth hook does not run, so authenticate here — before the body is read
        onRequest: async (req) => {
          const token = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1]?.trim();
          if (!token) throw new ApiError(401, 'error.login_required');
          req.auth = await authenticate(db, config, token);
          mayUpload(req, ['audio']);
        },
      },
      async (req) => {
        const auth = authOf(req);
        const row = await svc.store(db, { ownerType: 'audio', name: fileNameOf(req, 'voice'), declaredType: String(req.headers['content-type'] ?? ''), body: bodyOf(req) }, auth, actorOf(req));
        return ok(svc.present(row));
      },
    );
  });

  const linkParams = z.object({ id: numeric(z.number().int().positive()), variant: z.enum(['raw', 'download', 'thumb']) });
  const linkQuery = z.object({ exp: numeric(z.number().int()), sig: z.string().max(64) });
  app.get(
    `${FILE_URL}:id/:variant`,
    { config: { public: true }, schema: doc('file', 'A stored file by signed link (exp + sig from the file record; links live one hour). raw = inline, download = attachment, thumb = image thumbnail') },
    async (req, reply) => {
      const p = linkParams.safeParse(req.params);
      const q = linkQuery.safeParse(req.query);
      const file = p.success && q.success ? await svc.open(db, p.data.id, p.data.variant, q.data.exp, q.data.sig) : null;
      if (!file) throw new ApiError(404, 'error.file_link');
      const disposition = p.data!.variant === 'download' ? 'attachment' : 'inline';
      reply
        .header('content-type', file.contentType)
        .header('content-disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(file.row.name)}`)
        .header('content-length', file.size)
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff');
      // the browser's PDF viewer must run inside its frame; everything else is inert media
      if (file.contentType !== 'application/pdf') reply.header('content-security-policy', "default-src 'none'");
      return reply.send(file.body);
    },
  );
}
