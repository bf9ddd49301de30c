import { describe, expect, it } from 'vitest';
import { AGENT_EDITABLE, agentEditSchema } from '@pv/contract';
import { fakeClient } from './fakeClient.ts';
import { createDataProvider } from '../src/providers/dataProvider.ts';
import { canAccessAction } from '../src/providers/permissions.ts';

const R = 'stationManagement/inputagent';

describe('agents in the console', () => {
  it('AGENT_EDITABLE is the contract edit schema minus id and version', () => {
    const keys = Object.keys(agentEditSchema.shape).filter((k) => k !== 'id' && k !== 'version');
    expect([...AGENT_EDITABLE].sort()).toEqual(keys.sort());
  });

  it('the inputagent screen speaks the agent API: list filters, and an edit sends only what changed', async () => {
    const { api, calls } = fakeClient(() => ({ list: [], total: 0 }));
    const dp = createDataProvider(api);
    await dp.getList(R, { pagination: { page: 1, perPage: 20 }, sort: { field: 'code', order: 'ASC' }, filter: { status: 'enabled', top: '1' } });
    expect(calls[0]).toMatchObject({ method: 'GET', url: '/api/system/agent/index', params: { page: 1, limit: 20, sort: 'code', order: 'ASC', status: 'enabled', top: '1' } });
    const previous = { id: 3, version: 2, name: '旧名', bank_account: '6228****5678', parent_name: 'x' };
    await dp.update(R, { id: 3, data: { ...previous, name: '新名' }, previousData: previous });
    expect(calls[1]).toMatchObject({ method: 'POST', url: '/api/system/agent/edit', data: { id: 3, version: 2, name: '新名' } });
    expect(calls[1]!.data).toEqual({ id: 3, version: 2, name: '新名' });
  });

  it('permissions: list/create/edit map to agent:index/add/edit; enable is its own code', () => {
    const acl = { admin: false, roles: [], permissions: ['agent:index', 'agent:enable'] };
    expect(canAccessAction(acl, R, 'list')).toBe(true);
    expect(canAccessAction(acl, R, 'create')).toBe(false);
    expect(canAccessAction(acl, R, 'enable')).toBe(true);
    expect(canAccessAction(acl, R, 'disable')).toBe(false);
  });
});
