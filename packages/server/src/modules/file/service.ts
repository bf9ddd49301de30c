import { createHmac, timingSafeEqual } from 'node:crypto';
import { APP_PACKAGE_TYPE, FileOwner, type FileView, THUMB_SIZE, UPLOAD_LIMITS } from '@pv/contract';
import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db, Queryable } from '../../db/client.ts';
import { files } from '../../db/schema/index.ts';
import type { Deps } from '../../http/deps.ts';
import { ApiError } from '../../http/errors.ts';
import { createStorage, newObjectKey, type Storage } from '../../storage/index.ts';
import type { AuthContext } from '../auth/context.ts';
import { type Actor, writeLog } from '../system/syslog.ts';
import { sniffContentType } from './sniff.ts';

export type FileOwnerType = (typeof FileOwner.values)[number];
type FileRow = typeof files.$inferSelect;
/** `apk`: Android packages of app releases, whose limit is the server's configuration (APP_PACKAGE_MAX_MB), not UPLOAD_LIMITS. */
type Category = keyof typeof UPLOAD_LIMITS | 'apk';

/** Which kinds of file each owner accepts. */
const ACCEPTS: Record<FileOwnerType, readonly Category[]> = {
  station_doc: ['pdf'],
  self_audit: ['image', 'pdf'],
  matter: ['image', 'pdf', 'audio'],
  audio: ['audio'],
  inspection: ['image'],
  maintenance: ['image'],
  lease_contract: ['pdf'],
  app_version: ['apk'],
  partner_doc: ['pdf', 'image'],
  partner_cert: ['pdf', 'image'],
  insurance_claim: ['pdf', 'image'],
  invoice: ['pdf', 'ofd'],
  workflow_tpl: ['xlsx'],
};

/** Signed links live an hour; pages fetch fresh ones when they load. */
const LINK_TTL_S = 3600;
export const FILE_URL = '/api/public/file/';

const EXT: Record<string, string> = {
  'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/gif': 'gif', 'application/pdf': 'pdf', 'application/ofd': 'ofd',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  [APP_PACKAGE_TYPE]: 'apk',
  'audio/mpeg': 'mp3', 'audio/aac': 'aac', 'audio/mp4': 'm4a', 'audio/wav': 'wav', 'audio/ogg': 'ogg', 'audio/webm': 'webm', 'audio/amr': 'amr',
};

function categoryOf(contentType: string): Category | null {
  if (contentType === APP_PACKAGE_TYPE) return 'apk';
  for (const [cat, spec] of Object.entries(UPLOAD_LIMITS) as [keyof typeof UPLOAD_LIMITS, (typeof UPLOAD_LIMITS)[keyof typeof UPLOAD_LIMITS]][]) {
    if ((spec.types as readonly string[]).includes(contentType)) return cat;
  }
  return null;
}

/** The largest size the generic uploads accept (the body parser's limit); app packages have their own route and limit. */
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(UPLOAD_LIMITS).map((l) => l.maxBytes));

export const uploadTooLarge = (limitBytes = MAX_UPLOAD_BYTES) => new ApiError(413, 'error.file_too_large', { limit: `${Math.round(limitBytes / 1024 / 1024)} MiB` });


export interface UploadInput {
  ownerType: FileOwnerType;
  ownerId?: number | null;
  docType?: string | null;
  /** the file's own name as the person chose it */
  name: string;
  /** Content-Type the client sent; must agree with the bytes */
  declaredType: string;
  body: Buffer;
  /** the limit of a category outside UPLOAD_LIMITS (app packages) */
  maxBytes?: number;
}

/**
 * Uploaded files: checks type (by content, not by name) and size per owner type, stores the bytes
 * in the Storage (DATA_DIR/uploads by default; an object store can replace it), makes image
 * thumbnails, and hands out short-lived signed links (an <img> or <iframe> cannot send a token).
 */
export class FileService {
  constructor(
    private readonly storage: Storage,
    private readonly secret: string,
  ) {}

  /** Stores the bytes and inserts the row (inside `tx` when given, so a failed business write leaves no row). */
  async store(tx: Queryable, input: UploadInput, auth: AuthContext, actor: Actor): Promise<FileRow> {
    const declared = input.declaredType.split(';')[0]!.trim().toLowerCase();
    const sniffed = sniffContentType(input.body);
    const accepted = ACCEPTS[input.ownerType];
    const category = sniffed ? categoryOf(sniffed) : null;
    // a declared image/png that is really a JPEG is fine; a declared PDF that is an image is not
    if (!sniffed || !category || !accepted.includes(category) || (declared && declared !== 'application/octet-stream' && categoryOf(declared) !== category)) {
      throw new ApiError(400, 'error.file_type', { types: accepted.map((c) => (c === 'apk' ? 'apk' : UPLOAD_LIMITS[c].types.map((t) => EXT[t] ?? t).join('/'))).join(', ') });
    }
    if (input.body.length === 0) throw new ApiError(400, 'error.file_empty');
    const limit = category === 'apk' ? (input.maxBytes ?? 0) : UPLOAD_LIMITS[category].maxBytes;
    if (input.body.length > limit) throw uploadTooLarge(limit);
    const name = cleanName(input.name, EXT[sniffed] ?? 'bin');

    let thumbKey: string | null = null;
    let width: number | null = null;
    let height: number | null = null;
    if (category === 'image') {
      try {
        const meta = await sharp(input.body).metadata();
        width = meta.width ?? null;
        height = meta.height ?? null;
        const thumb = await sharp(input.body).rotate().resize(THUMB_SIZE, THUMB_SIZE, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 78 }).toBuffer();
        thumbKey = newObjectKey('webp');
        await this.storage.put(thumbKey, thumb, 'image/webp');
      } catch {
        // the header said image but the pixels do not decode
        throw new ApiError(400, 'error.file_corrupt');
      }
    }
    const key = newObjectKey(EXT[sniffed] ?? 'bin');
    await this.storage.put(key, input.body, sniffed);
    try {
      const [row] = await tx
        .insert(files)
        .values({
          owner_type: input.ownerType,
          owner_id: input.ownerId ?? null,
          doc_type: input.docType ?? null,
          name,
          content_type: sniffed,
          size: input.body.length,
          storage_key: key,
          thumb_key: thumbKey,
          width,
          height,
          created_by: auth.userId,
        })
        .returning();
      await writeLog(tx, actor, { action: 'upload', resource: 'file', recordId: row!.id, after: row });
      return row!;
    } catch (err) {
      await this.storage.delete(key);
      if (thumbKey) await this.storage.delete(thumbKey);
      throw err;
    }
  }

  /**
   * Binds uploaded files to their record, in the record's transaction. A file qualifies when it has
   * the same owner type and is either the caller's own unattached upload or already this record's.
   */
  async attach(tx: Queryable, ids: readonly number[], ownerType: FileOwnerType, ownerId: number, auth: AuthContext): Promise<void> {
    const unique = [...new Set(ids)];
    if (!unique.length) return;
    const rows = await tx
      .select({ id: files.id })
      .from(files)
      .where(
        and(
          inArray(files.id, unique),
          eq(files.owner_type, ownerType),
          or(and(isNull(files.owner_id), eq(files.created_by, auth.userId)), eq(files.owner_id, ownerId)),
        ),
      )
      .for('update');
    const ok = new Set(rows.map((r) => r.id));
    const bad = unique.filter((id) => !ok.has(id));
    if (bad.length) throw new ApiError(400, 'error.file_not_attachable', { id: bad.join(', ') });
    await tx.update(files).set({ owner_id: ownerId, updated_at: new Date() }).where(and(inArray(files.id, unique), isNull(files.owner_id)));
  }

  async list(db: Queryable, ownerType: FileOwnerType, ownerId: number): Promise<FileView[]> {
    const rows = await db.select().from(files).where(and(eq(files.owner_type, ownerType), eq(files.owner_id, ownerId))).orderBy(asc(files.id));
    return rows.map((r) => this.present(r));
  }

  async byIds(db: Queryable, ids: readonly number[]): Promise<Map<number, FileView>> {
    if (!ids.length) return new Map();
    const rows = await db.select().from(files).where(inArray(files.id, [...new Set(ids)]));
    return new Map(rows.map((r) => [r.id, this.present(r)]));
  }

  /** Deletes the row (in `tx`) and, once that succeeded, the bytes. */
  async remove(tx: Queryable, row: FileRow, actor: Actor): Promise<() => Promise<void>> {
    await tx.delete(files).where(eq(files.id, row.id));
    await writeLog(tx, actor, { action: 'del', resource: 'file', recordId: row.id, before: row });
    // the caller runs this after commit, so a rolled-back delete keeps its bytes
    return async () => {
      await this.storage.delete(row.storage_key).catch(() => {});
      if (row.thumb_key) await this.storage.delete(row.thumb_key).catch(() => {});
    };
  }

  present(row: FileRow, now = Date.now()): FileView {
    const exp = Math.floor(now / 1000) + LINK_TTL_S;
    return {
      id: row.id,
      owner_type: row.owner_type,
      owner_id: row.owner_id,
      doc_type: row.doc_type,
      name: row.name,
      content_type: row.content_type,
      size: row.size,
      width: row.width,
      height: row.height,
      url: this.link(row.id, 'raw', exp),
      download_url: this.link(row.id, 'download', exp),
      thumb_url: row.thumb_key ? this.link(row.id, 'thumb', exp) : null,
      created_by: row.created_by,
      created_at: row.created_at.toISOString(),
    };
  }

  /** The stored bytes of a file row (null when the storage no longer has them). */
  async bytes(row: FileRow): Promise<Buffer | null> {
    return (await this.storage.get(row.storage_key))?.body ?? null;
  }

  /** A signed download link (attachment) of a stored file, valid for an hour from `now`. */
  downloadUrl(id: number, now = Date.now()): string {
    return this.link(id, 'download', Math.floor(now / 1000) + LINK_TTL_S);
  }

  private sign(id: number, variant: string, exp: number): string {
    return createHmac('sha256', this.secret).update(`file:${id}:${variant}:${exp}`).digest('base64url').slice(0, 32);
  }

  private link(id: number, variant: 'raw' | 'download' | 'thumb', exp: number): string {
    return `${FILE_URL}${id}/${variant}?exp=${exp}&sig=${this.sign(id, variant, exp)}`;
  }

  /** The bytes behind a signed link, or null when the link is wrong, expired or the file gone. */
  async open(db: Db, id: number, variant: 'raw' | 'download' | 'thumb', exp: number, sig: string, now = Date.now()) {
    if (exp * 1000 < now) return null;
    const want = Buffer.from(this.sign(id, variant, exp));
    const got = Buffer.from(sig);
    if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
    const [row] = await db.select().from(files).where(eq(files.id, id));
    if (!row) return null;
    const key = variant === 'thumb' ? row.thumb_key : row.storage_key;
    if (!key) return null;
    // streamed where the storage can (an app package is up to APP_PACKAGE_MAX_MB): memory stays flat per download
    if (this.storage.openStream) {
      const streamed = await this.storage.openStream(key);
      return streamed ? { row, body: streamed.stream, size: streamed.size, contentType: streamed.contentType } : null;
    }
    const obj = await this.storage.get(key);
    return obj ? { row, body: obj.body, size: obj.body.length, contentType: obj.contentType } : null;
  }
}

/** A file name safe to store and to put back in Content-Disposition: no paths, no control characters, the right extension. */
function cleanName(raw: string, ext: string): string {
  const printable = [...raw.replace(/^.*[\\/]/, '')].filter((c) => c.charCodeAt(0) >= 0x20 && c !== '\u007f' && c !== '"').join('');
  const base = printable.trim().slice(0, 150) || 'file';
  return base.toLowerCase().endsWith(`.${ext}`) ? base : `${base.replace(/\.[A-Za-z0-9]{1,5}$/, '')}.${ext}`;
}

const services = new WeakMap<Db, FileService>();

/** One FileService per app (per database handle), so every module sees the same storage. */
export function fileServiceOf(deps: Deps, storage?: Storage): FileService {
  let svc = services.get(deps.db);
  if (!svc) {
    svc = new FileService(storage ?? createStorage(deps.config.dataDir), deps.config.tokenSecret);
    services.set(deps.db, svc);
  }
  return svc;
}
