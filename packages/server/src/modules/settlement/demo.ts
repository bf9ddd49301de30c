import { previousMonth } from '@pv/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { demoUser } from '../../seed/demo-users.ts';
import { agents, settlementLines, settlements, users } from '../../db/schema/index.ts';
import { contextOfUser } from '../menu/tree.ts';
import { chinaDate } from '../inspection/generate.ts';
import { SettlementActions } from './actions.ts';
import { generateSettlementMonth } from './generate.ts';

/**
 * The demo's settlements: last month generated for every agent and team (the default rules of
 * migration 0073), and the Henan agent's submitted by 财务制单 caiwu (运营客服 kefu on a database without
 * it) and one of its lines disputed by
 * agent_hn — through the real actions, so the timeline and log are the product's. Shandong's stay
 * drafts for finance to submit (the browser test walks them).
 */
export async function seedDemoSettlements(db: Db, now = new Date()) {
  const month = previousMonth(chinaDate(now).slice(0, 7));
  await generateSettlementMonth(db, month);
  const maker = await demoUser(db, 'caiwu', 'kefu');
  const [hnUser] = await db.select().from(users).where(eq(users.username, 'agent_hn'));
  const [hn] = await db.select().from(agents).where(eq(agents.code, 'HN001'));
  if (!maker || !hnUser || !hn) return;
  const [s] = await db.select().from(settlements).where(and(eq(settlements.party_kind, 'agent'), eq(settlements.party_id, hn.id), eq(settlements.month, month)));
  if (!s) return;
  const [line] = await db.select().from(settlementLines).where(eq(settlementLines.settlement_id, s.id)).orderBy(asc(settlementLines.id)).limit(1);
  if (!line) return;
  const actions = new SettlementActions(db);
  const submitted = await actions.submit({ id: s.id, version: s.version }, (await contextOfUser(db, maker.id))!, { userId: maker.id, username: maker.username, ip: null });
  await actions.dispute(
    { id: s.id, version: submitted.version, line_id: line.id, reason: '该客户实际装机容量与签约容量不一致，请核实' },
    (await contextOfUser(db, hnUser.id))!,
    { userId: hnUser.id, username: hnUser.username, ip: null },
  );
}
