import {
  MATTER_MACHINE,
  type MatterAction,
  type MatterReply,
  MatterStatus,
  matterAssignSchema,
  matterBatchAssignSchema,
  matterCloseSchema,
  matterRejectSchema,
  matterReplySchema,
  numeric,
} from '@pv/contract';
import { and, asc, eq, inArray, isNull, like, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Queryable } from '../../db/client.ts';
import { customers, files, matterReplies, matters, users } from '../../db/schema/index.ts';
import { sendMessage } from '../message/centre.ts';
import { ApiError, conflict } from '../../http/errors.ts';
import { parse } from '../../http/validate.ts';
import { assertTransition, recordTransition } from '../../lifecycle/engine.ts';
import { loadOne } from '../../resources/service.ts';
import type { AuthContext } from '../auth/context.ts';
import type { FileService } from '../file/service.ts';
import { type Actor, writeLog } from '../system/syslog.ts';
import { matterActionLabels } from './labels.ts';
import { type MatterResource, matterRecords } from './resource.ts';

type Row = Record<string, unknown>;

/** What a transition changes besides the status, and what the timeline keeps of it. */
interface Move {
  set?: Row;
  reason?: string | null;
  data?: Record<string, unknown>;
}

/** The console page a handler's message points at. */
export const matterLink = (id: number) => `/stationManagement/matterDetails?id=${id}`;

/**
 * A matter's transition (MATTER_MACHINE) in the caller's transaction: locks the row, checks the
 * caller's data scope and the version they read (null: whatever it is now), refuses a state the
 * action cannot start from (naming the state), sets the new status, bumps the version and writes
 * sys_log and a timeline row. Every path that moves a matter — its routes, a maintenance order
 * approved, a workflow's end node — comes through here.
 */
export async function moveMatterIn(tx: Queryable, id: number, version: number | null, auth: AuthContext, actor: Actor, action: MatterAction, plan: (before: Row) => Move | Promise<Move>) {
  const before = await loadOne(tx, matterRecords, id, auth, { lock: true });
  if (version !== null && before.version !== version) throw conflict(before.version as number, version);
  const to = assertTransition(MATTER_MACHINE, before.status as string, action, MatterStatus, matterActionLabels);
  const move = await plan(before);
  const [after] = await tx
    .update(matters)
    .set({ ...(move.set ?? {}), status: to, version: sql`${matters.version} + 1`, updated_at: new Date() } as never)
    .where(eq(matters.id, id))
    .returning();
  await writeLog(tx, actor, { action, resource: 'matter', recordId: id, before, after: after as Row });
  await recordTransition(tx, actor, { entity: 'matter', entityId: id, action, from: before.status as string, to, reason: move.reason, data: move.data });
  return after as Row;
}

/**
 * 办结 with a result (satisfaction 1–5 optional); handled_at. With `reply` the result also goes on
 * the thread as a staff reply (what the owner reads in 光E宝), written only once the state allows the close.
 */
export function closeMatterIn(tx: Queryable, id: number, version: number | null, input: { result: string; satisfaction?: number | null; reply?: boolean; data?: Record<string, unknown> }, auth: AuthContext, actor: Actor) {
  const satisfaction = input.satisfaction != null ? { satisfaction: input.satisfaction } : {};
  return moveMatterIn(tx, id, version, auth, actor, 'close', async () => {
    if (input.reply) await tx.insert(matterReplies).values({ matter_id: id, author_type: 'staff', author_id: auth.userId, content: input.result });
    return { set: { result: input.result, handled_at: new Date(), ...satisfaction }, data: { result: input.result, ...satisfaction, ...input.data } };
  });
}

/** 驳回 with a reason (kept as the matter's result and on the timeline); handled_at. */
export function rejectMatterIn(tx: Queryable, id: number, version: number | null, reason: string, auth: AuthContext, actor: Actor) {
  return moveMatterIn(tx, id, version, auth, actor, 'reject', () => ({ set: { result: reason, handled_at: new Date() }, reason }));
}

/**
 * Resolves a matter from another module's transaction (a maintenance order approved): a staff reply
 * with the result goes on the thread and the matter is 办结 through its own close transition.
 * A matter already closed or rejected is left as it is.
 */
export async function resolveMatterIn(tx: Queryable, id: number, result: string, auth: AuthContext, actor: Actor, data: Record<string, unknown> = {}) {
  const [m] = await tx.select({ status: matters.status }).from(matters).where(eq(matters.id, id));
  if (!m || !(MATTER_MACHINE.close.from as readonly string[]).includes(m.status)) return null;
  return closeMatterIn(tx, id, null, { result, reply: true, data }, auth, actor);
}

/** The matter's routes: validation, then the lifecycle functions above in a transaction of their own. */
export class MatterActions {
  constructor(
    private readonly db: Db,
    private readonly def: MatterResource,
    private readonly fileService: FileService,
  ) {}

  /** The handler: an enabled user. */
  private async handler(tx: Queryable, handlerId: number) {
    const [u] = await tx
      .select({ id: users.id, name: sql<string>`coalesce(nullif(${users.full_name}, ''), ${users.username})` })
      .from(users)
      .where(and(eq(users.id, handlerId), eq(users.status, 'enabled')));
    if (!u) throw new ApiError(400, 'error.matter_handler_invalid', { id: handlerId });
    return u;
  }

  /** A to-do message to the handler (the bell and the message centre); pushed after commit by the route. */
  private async notify(tx: Queryable, auth: AuthContext, handlerId: number, rows: Row[]): Promise<number> {
    const first = rows[0]!;
    const single = rows.length === 1;
    const msg = await sendMessage(tx, {
      key: single ? 'msg.matter_assigned' : 'msg.matters_assigned',
      params: { matter_no: first.matter_no as string, count: rows.length },
      // the matters' own numbers and titles
      content: rows.map((r) => `${r.matter_no as string} ${r.title as string}`).join('\n'),
      link: single ? matterLink(first.id as number) : '/stationManagement/gebMatter',
      sender: auth.userId,
      to: handlerId,
    });
    return msg.id;
  }

  /** 指派处理人: pending/processing → processing, assigned_at; the handler gets a message. */
  async assign(body: unknown, auth: AuthContext, actor: Actor) {
    const input = parse(matterAssignSchema, body);
    return this.db.transaction(async (tx) => {
      const handler = await this.handler(tx, input.handler_id);
      const row = await moveMatterIn(tx, input.id, input.version, auth, actor, 'assign', () => ({
        set: { handler_id: handler.id, assigned_at: new Date() },
        data: { handler_id: handler.id, handler_name: handler.name },
      }));
      const messageId = await this.notify(tx, auth, handler.id, [row]);
      return { row, message: { id: messageId, recipient_id: handler.id } };
    });
  }

  /** Bulk assign from the list: every matter moves or none (a wrong state names the matter's state). */
  async batchAssign(body: unknown, auth: AuthContext, actor: Actor) {
    const input = parse(matterBatchAssignSchema, body);
    return this.db.transaction(async (tx) => {
      const handler = await this.handler(tx, input.handler_id);
      const rows: Row[] = [];
      // a fixed lock order, so two bulk assigns over overlapping rows cannot deadlock
      for (const id of [...new Set(input.ids)].sort((a, b) => a - b)) {
        rows.push(
          await moveMatterIn(tx, id, null, auth, actor, 'assign', () => ({
            set: { handler_id: handler.id, assigned_at: new Date() },
            data: { handler_id: handler.id, handler_name: handler.name, batch: true },
          })),
        );
      }
      const messageId = await this.notify(tx, auth, handler.id, rows);
      return { rows, message: { id: messageId, recipient_id: handler.id } };
    });
  }

  /**
   * 回复: appends to the thread; the first reply moves 待处理 → 处理中. A voice note (POST /upload,
   * owner type audio) is bound to the reply; photos / PDFs to the matter, marked as this reply's.
   */
  async reply(body: unknown, auth: AuthContext, actor: Actor) {
    const input = parse(matterReplySchema, body);
    return this.db.transaction(async (tx) => {
      let replyId = 0;
      await moveMatterIn(tx, input.id, null, auth, actor, 'reply', async () => {
        const [reply] = await tx
          .insert(matterReplies)
          .values({ matter_id: input.id, author_type: 'staff', author_id: auth.userId, content: input.content, audio_file_id: input.audio_file_id ?? null })
          .returning();
        replyId = reply!.id;
        if (input.audio_file_id) await this.fileService.attach(tx, [input.audio_file_id], 'audio', replyId, auth);
        const ids = input.file_ids ?? [];
        if (ids.length) {
          const fresh = await tx.select({ id: files.id }).from(files).where(and(inArray(files.id, ids), isNull(files.owner_id)));
          await this.fileService.attach(tx, ids, 'matter', input.id, auth);
          if (fresh.length) await tx.update(files).set({ doc_type: `reply:${replyId}` }).where(inArray(files.id, fresh.map((f) => f.id)));
        }
        return { data: { reply_id: replyId, voice: !!input.audio_file_id, files: ids.length } };
      });
      return replyId;
    });
  }

  /** 办结: result required, satisfaction (1–5) optional; handled_at. */
  close(body: unknown, auth: AuthContext, actor: Actor) {
    const input = parse(matterCloseSchema, body);
    return this.db.transaction((tx) => closeMatterIn(tx, input.id, input.version, input, auth, actor));
  }

  /** 驳回: a reason (kept as the matter's result and on the timeline); handled_at. */
  reject(body: unknown, auth: AuthContext, actor: Actor) {
    const input = parse(matterRejectSchema, body);
    return this.db.transaction((tx) => rejectMatterIn(tx, input.id, input.version, input.reason, auth, actor));
  }

  /** GET matter/replies?id=: the thread, oldest first, with authors, attachments and voice notes (signed links). */
  async replies(query: unknown, auth: AuthContext): Promise<{ list: MatterReply[]; total: number }> {
    const { id } = parse(idQuery, query);
    const matter = await loadOne(this.db, this.def, id, auth);
    const rows = await this.db
      .select({
        id: matterReplies.id,
        matter_id: matterReplies.matter_id,
        author_type: matterReplies.author_type,
        author_id: matterReplies.author_id,
        content: matterReplies.content,
        audio_file_id: matterReplies.audio_file_id,
        created_at: matterReplies.created_at,
        staff_name: sql<string | null>`(select coalesce(nullif(u.full_name, ''), u.username) from users u where u.id = ${matterReplies.author_id})`,
      })
      .from(matterReplies)
      .where(eq(matterReplies.matter_id, id))
      .orderBy(asc(matterReplies.id));
    const audio = await this.fileService.byIds(this.db, rows.flatMap((r) => (r.audio_file_id ? [r.audio_file_id] : [])));
    const attached = await this.db
      .select()
      .from(files)
      .where(and(eq(files.owner_type, 'matter'), eq(files.owner_id, id), like(files.doc_type, 'reply:%')))
      .orderBy(asc(files.id));
    const byReply = new Map<number, ReturnType<FileService['present']>[]>();
    for (const f of attached) {
      const rid = Number(f.doc_type!.slice('reply:'.length));
      byReply.set(rid, [...(byReply.get(rid) ?? []), this.fileService.present(f)]);
    }
    const ownerName = matter.customer_id ? await this.customerName(matter.customer_id as number) : null;
    const list: MatterReply[] = rows.map((r) => ({
      id: r.id,
      matter_id: r.matter_id,
      author_type: r.author_type === 'owner' ? 'owner' : 'staff',
      author_id: r.author_id,
      author_name: r.author_type === 'owner' ? ownerName : r.staff_name,
      content: r.content,
      audio: r.audio_file_id ? (audio.get(r.audio_file_id) ?? null) : null,
      files: byReply.get(r.id) ?? [],
      created_at: r.created_at.toISOString(),
    }));
    return { list, total: list.length };
  }

  /** GET matter/files?id=: the matter's own attachments (not those of replies). */
  async attachments(query: unknown, auth: AuthContext) {
    const { id } = parse(idQuery, query);
    await loadOne(this.db, this.def, id, auth);
    const rows = await this.db
      .select()
      .from(files)
      .where(and(eq(files.owner_type, 'matter'), eq(files.owner_id, id), isNull(files.doc_type)))
      .orderBy(asc(files.id));
    const list = rows.map((f) => this.fileService.present(f));
    return { list, total: list.length };
  }

  /**
   * GET matter/handlers?q=: enabled users who can work a matter (admins, or a role granting
   * matter:reply), for the assign pickers; q matches username / full name.
   */
  async handlers(query: unknown) {
    const { q } = parse(z.object({ q: z.string().max(50).optional() }), query);
    const like_ = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const rows = await this.db
      .select({ id: users.id, username: users.username, full_name: users.full_name })
      .from(users)
      .where(
        and(
          eq(users.status, 'enabled'),
          sql`(${users.is_admin} or exists (select 1 from user_roles ur join roles r on r.id = ur.role_id
                where ur.user_id = ${users.id} and r.permissions ?| array['*', 'matter:*', 'matter:reply']))`,
          like_ ? sql`(${users.username} ilike ${like_} or ${users.full_name} ilike ${like_})` : undefined,
        ),
      )
      .orderBy(asc(users.id))
      .limit(50);
    return { list: rows.map((r) => ({ ...r, name: r.full_name || r.username })), total: rows.length };
  }

  private async customerName(customerId: number): Promise<string | null> {
    const [row] = await this.db.select({ name: customers.name }).from(customers).where(eq(customers.id, customerId));
    return row?.name ?? null;
  }
}

export const idQuery = z.object({ id: numeric(z.number({ error: 'validation.number' }).int().positive()) });
