import {
  CustomerStage,
  CustomerStatus,
  type Lang,
  customerConvertSchema,
  customerLoseSchema,
  followUpCreateSchema,
  maskMiddle,
  numeric,
} from '@pv/contract';
import { desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { customerFollowUps } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import { t } from '../../http/messages.ts';
import { parse } from '../../http/validate.ts';
import { recordTransition } from '../../lifecycle/engine.ts';
import type { Queryable } from '../../db/client.ts';
import { loadOne, mutate } from '../../resources/service.ts';
import type { AuthContext } from '../auth/context.ts';
import type { Actor } from '../system/syslog.ts';
import { raiseWorkflowEvent } from '../workflow/public.ts';
import { plainRow } from '../present.ts';
import { checkFinancier, customerResource as def } from './resource.ts';

type Row = Record<string, unknown>;

export const surveySchema = z.strictObject({
  id: numeric(z.number({ error: 'validation.number' }).int().positive()),
  version: z.number({ error: 'validation.number' }).int().nonnegative(),
});

const ACTIONS: Record<string, [string, string]> = {
  follow_up: ['添加跟进记录', 'add a follow-up'],
  survey: ['标记为已踏勘', 'mark as surveyed'],
  convert: ['转为正式客户', 'convert to a formal customer'],
  lose: ['标记为流失', 'mark as lost'],
};

/** 400 naming the current state and the refused action, in the caller's language. */
function illegal(state: string, action: string, stage?: string): ApiError {
  return new ApiError(400, 'error.illegal_transition', { state, action }, (lang: Lang) => {
    const label = stage ? `${CustomerStage.label(stage, lang)} · ${CustomerStatus.label(state, lang)}` : CustomerStatus.label(state, lang);
    return t('error.illegal_transition', lang, { state: label, action: ACTIONS[action]![lang === 'zh' ? 0 : 1] });
  });
}

/** The workflow events the customer's actions raise (modules/customer/process.ts). */
const EVENTS: Record<string, string> = { convert: 'customer.converted', lose: 'customer.lost' };

/**
 * mutate() plus a timeline row when the status (or stage) changed, in the same transaction: the
 * customer detail page shows these as the lifecycle timeline; the action's workflow event follows.
 */
function transition(
  db: Db, id: number, version: number | null, auth: AuthContext, actor: Actor, action: string,
  change: (before: Row, tx: Queryable) => Promise<Row> | Row, reason?: string,
) {
  let before: Row = {};
  return mutate(db, def, id, version, auth, actor, action, (row, tx) => ((before = row), change(row, tx)), async (tx, updated) => {
    if (before.status === updated.status && before.stage === updated.stage) return;
    await recordTransition(tx, actor, { entity: 'customer', entityId: id, action, from: before.status as string, to: updated.status as string, reason });
    if (EVENTS[action]) await raiseWorkflowEvent(tx, EVENTS[action], id, actor);
  });
}

/** Lifecycle of DOMAIN.md: 新建 → 跟进中 → 已踏勘 → 已签约 (formal); any → 已流失 (with a reason). */
export async function addFollowUp(db: Db, body: unknown, auth: AuthContext, actor: Actor) {
  const input = parse(followUpCreateSchema, body);
  let created: Row | undefined;
  await transition(db, input.customer_id, null, auth, actor, 'follow_up', async (before, tx) => {
    if (before.status === 'lost') throw illegal('lost', 'follow_up');
    const [row] = await tx
      .insert(customerFollowUps)
      .values({ customer_id: input.customer_id, way: input.way, content: input.content, next_date: input.next_date ?? null, created_by: auth.userId })
      .returning();
    created = row;
    return before.status === 'new' ? { status: 'following' } : {};
  });
  return plainRow({ ...created!, created_by_name: auth.fullName });
}

export async function listFollowUps(db: Db, query: unknown, auth: AuthContext) {
  const { customer_id } = parse(z.object({ customer_id: numeric(z.number({ error: 'validation.number' }).int().positive()) }), query);
  await loadOne(db, def, customer_id, auth);
  const rows = await db
    .select({
      id: customerFollowUps.id,
      customer_id: customerFollowUps.customer_id,
      way: customerFollowUps.way,
      content: customerFollowUps.content,
      next_date: customerFollowUps.next_date,
      created_by: customerFollowUps.created_by,
      created_by_name: sql<string | null>`(select u.full_name from users u where u.id = "customer_follow_ups"."created_by")`,
      created_at: customerFollowUps.created_at,
    })
    .from(customerFollowUps)
    .where(eq(customerFollowUps.customer_id, customer_id))
    .orderBy(desc(customerFollowUps.created_at), desc(customerFollowUps.id));
  return { list: rows.map(plainRow), total: rows.length };
}

export async function survey(db: Db, body: unknown, auth: AuthContext, actor: Actor) {
  const input = parse(surveySchema, body);
  return transition(db, input.id, input.version, auth, actor, 'survey', (before) => {
    if (before.stage !== 'intentional' || !['new', 'following'].includes(before.status as string)) throw illegal(before.status as string, 'survey');
    return { status: 'surveyed' };
  });
}

/** Intentional → formal, same row: id, follow-ups and log history stay attached. */
export async function convert(db: Db, body: unknown, auth: AuthContext, actor: Actor) {
  const input = parse(customerConvertSchema, body);
  await checkFinancier(db, input.financier_id);
  return transition(db, input.id, input.version, auth, actor, 'convert', (before) => {
    if (before.stage !== 'intentional' || before.status === 'lost') throw illegal(before.status as string, 'convert', before.stage as string);
    return {
      stage: 'formal',
      status: 'signed',
      signed_at: input.signed_at ? new Date(input.signed_at) : new Date(),
      business_mode: input.business_mode,
      ...(input.financier !== undefined ? { financier: input.financier } : {}),
      ...(input.financier_id !== undefined ? { financier_id: input.financier_id } : {}),
      ...(input.bank_name !== undefined ? { bank_name: input.bank_name } : {}),
      ...(input.bank_card !== undefined ? { bank_card: input.bank_card } : {}),
    };
  });
}

export async function lose(db: Db, body: unknown, auth: AuthContext, actor: Actor) {
  const input = parse(customerLoseSchema, body);
  return transition(
    db, input.id, input.version, auth, actor, 'lose',
    (before) => {
      if (before.status === 'lost') throw illegal('lost', 'lose');
      return { status: 'lost', lost_reason: input.reason };
    },
    input.reason,
  );
}

/** What of a logged customer row may leave the server: cards masked like the record itself. */
export const maskLogged = (v: Row): Row => ({ ...v, id_card: maskOrNull(v.id_card), bank_card: maskOrNull(v.bank_card) });

const maskOrNull = (v: unknown) => (typeof v === 'string' && v ? maskMiddle(v) : (v ?? null));
