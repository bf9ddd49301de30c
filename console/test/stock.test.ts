import { describe, expect, it } from 'vitest';
import { stockAdjustSchema, stockInSchema } from '@pv/contract';
import { canAccessAction } from '../src/providers/permissions.ts';
import { bindingOf } from '../src/providers/resources.ts';
import { parseSerials, signed } from '../src/resources/operation/logic.ts';

describe('stock screens', () => {
  it('serial numbers typed one per line or separated by commas become the list the API takes', () => {
    expect(parseSerials('SN1\nSN2, SN3，SN4  SN5')).toEqual(['SN1', 'SN2', 'SN3', 'SN4', 'SN5']);
    expect(parseSerials('  ')).toBeUndefined();
    expect(parseSerials(undefined)).toBeUndefined();
  });

  it('ledger quantities are shown signed, as text', () => {
    expect([signed('5'), signed('-2.5'), signed(null)]).toEqual(['+5', '-2.5', '-']);
  });

  it('the balance and ledger lists call their APIs and check stock:* permissions', () => {
    expect(bindingOf('operation/stockLedger').api).toBe('stock_balance');
    expect(bindingOf('operation/stockLedger/movements').api).toBe('stock_movement');
    const acl = { admin: false, roles: [], permissions: ['stock:index', 'stock:import'] };
    expect(canAccessAction(acl, 'operation/stockLedger', 'list')).toBe(true);
    expect(canAccessAction(acl, 'operation/stockLedger/movements', 'list')).toBe(true);
    expect(canAccessAction(acl, 'operation/stockLedger', 'import')).toBe(true);
    expect(canAccessAction(acl, 'operation/materialList', 'list')).toBe(false);
  });

  it('the dialogs validate quantities as decimal strings with the server’s schema', () => {
    expect(stockInSchema.safeParse({ warehouse_id: 1, material_id: 2, qty: '12.5' }).success).toBe(true);
    expect(stockInSchema.safeParse({ warehouse_id: 1, material_id: 2, qty: '12.5555' }).success).toBe(false);
    expect(stockInSchema.safeParse({ warehouse_id: 1, material_id: 2, qty: '0' }).success).toBe(false);
    expect(stockAdjustSchema.safeParse({ warehouse_id: 1, material_id: 2, counted: '0', reason: '盘亏' }).success).toBe(true);
    expect(stockAdjustSchema.safeParse({ warehouse_id: 1, material_id: 2, counted: '3' }).success).toBe(false);
  });
});
