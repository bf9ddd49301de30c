import { describe, expect, it } from 'vitest';
import {
  allowedActions,
  BUILD_AUDIT_ITEMS,
  canTransition,
  GRID_AUDIT_ITEMS,
  MATTER_MACHINE,
  MatterActionLabel,
  MatterStatus,
  OPEN_WORK_ORDER_STATES,
  STATION_INTERNAL,
  STATION_MACHINE,
  StationActionLabel,
  StationStatus,
  WORK_ORDER_MACHINE,
  WorkOrderActionLabel,
  WorkOrderStatus,
} from '../src/index.ts';

const machines = [
  ['station', STATION_MACHINE, StationStatus, StationActionLabel],
  ['work order', WORK_ORDER_MACHINE, WorkOrderStatus, WorkOrderActionLabel],
  ['matter', MATTER_MACHINE, MatterStatus, MatterActionLabel],
] as const;

describe('lifecycles', () => {
  it.each(machines)('%s: every state named by a transition exists and every action has zh and en labels', (_name, machine, states, labels) => {
    for (const [action, t] of Object.entries(machine) as [string, { from: readonly string[]; to: string }][]) {
      expect(states.values).toContain(t.to);
      for (const s of t.from) expect(states.values).toContain(s);
      const label = (labels.labels as Record<string, { zh: string; en: string }>)[action];
      expect(label?.zh).toMatch(/\p{Script=Han}/u);
      expect(label?.en).toMatch(/^[a-z]/);
    }
  });

  it('the station walks from survey to operation by the happy path, and terminated is final', () => {
    const path = ['finish_survey', 'finish_design', 'start_build', 'submit_build', 'reject_build', 'submit_build', 'approve_build', 'submit_grid', 'approve_grid', 'operate'] as const;
    let state: string = 'survey_pending';
    for (const action of path) {
      expect(canTransition(STATION_MACHINE, state, action)).toBe(true);
      state = STATION_MACHINE[action].to;
    }
    expect(state).toBe('operating');
    expect(allowedActions(STATION_MACHINE, 'operating')).toEqual(['terminate']);
    expect(allowedActions(STATION_MACHINE, 'terminated')).toEqual([]);
  });

  it('station buttons exclude the moves driven by work orders and self-audits', () => {
    const buttons = allowedActions(STATION_MACHINE, 'building').filter((a) => !STATION_INTERNAL.includes(a));
    expect(buttons).toEqual(['terminate']);
    expect(allowedActions(STATION_MACHINE, 'designing').filter((a) => !STATION_INTERNAL.includes(a))).toEqual(['finish_design', 'terminate']);
  });

  it('work orders: refusal returns to dispatch, rejection goes through rectifying, nothing leaves completed or cancelled', () => {
    expect(WORK_ORDER_MACHINE.reject_order.to).toBe('pending_dispatch');
    expect(canTransition(WORK_ORDER_MACHINE, 'rejected', 'rectify')).toBe(true);
    expect(canTransition(WORK_ORDER_MACHINE, 'rectifying', 'submit_audit')).toBe(true);
    expect(canTransition(WORK_ORDER_MACHINE, 'audit_pending', 'cancel')).toBe(false);
    expect(allowedActions(WORK_ORDER_MACHINE, 'completed')).toEqual([]);
    expect(allowedActions(WORK_ORDER_MACHINE, 'cancelled')).toEqual([]);
    // open = every state some action leaves
    const left = new Set(Object.values(WORK_ORDER_MACHINE).flatMap((t) => t.from as readonly string[]));
    expect([...left].sort()).toEqual([...OPEN_WORK_ORDER_STATES].sort());
  });

  it('audit check items have unique keys and both languages', () => {
    for (const items of [BUILD_AUDIT_ITEMS, GRID_AUDIT_ITEMS]) {
      expect(new Set(items.map((i) => i.key)).size).toBe(items.length);
      for (const i of items) expect(i.label.zh && i.label.en).toBeTruthy();
    }
  });
});
