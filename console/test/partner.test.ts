import { describe, expect, it } from 'vitest';
import { PARTNER_EDITABLE, partnerCreateSchema } from '@pv/contract';
import { changedFields } from '../src/providers/dataProvider.ts';
import { certificateBody, partnerBody } from '../src/resources/partner/logic.ts';

/** The partner form's values as the API takes them. */
describe('partner form body', () => {
  it('cleans certificates, defaults the primary flag, and turns the uploaded documents into their ids', () => {
    const body = partnerBody({
      name: '济南光合建设工程有限公司',
      kind: 'installer',
      credit_code: '91350100M000100Y43',
      contacts: [{ name: '周经理', phone: '13905318888', role: '' }],
      certificates: [{ id: 3, name: '许可证', cert_type: '', expires_on: '2030-06-30', state: 'valid', reminded_at: null, file_id: 7 }],
      documents: [{ id: 11 }, { id: 12 }],
    });
    expect(body).toEqual({
      name: '济南光合建设工程有限公司',
      kind: 'installer',
      credit_code: '91350100M000100Y43',
      contacts: [{ name: '周经理', phone: '13905318888', role: null, primary: false }],
      certificates: [{ id: 3, name: '许可证', expires_on: '2030-06-30', file_id: 7 }],
      document_ids: [11, 12],
    });
    expect(partnerCreateSchema.safeParse(body).success).toBe(true);
    expect(certificateBody({ name: 'x', expires_on: '2030-01-01', issued_on: null })).toEqual({ name: 'x', expires_on: '2030-01-01' });
  });
  it('an untouched masked account number is not sent on edit', () => {
    const record = { id: 1, version: 2, account_no: '370501**********1234', name: 'A', status: 'enabled' };
    expect(changedFields({ ...record, name: 'B' }, record, PARTNER_EDITABLE)).toEqual({ name: 'B' });
  });
});
