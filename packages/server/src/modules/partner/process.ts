import { PARTNER_MACHINE, PartnerActionLabel } from '@pv/contract';
import type { Queryable } from '../../db/client.ts';
import { asDb, bodyOf, defineRecordType, machineAction } from '../../lifecycle/records.ts';
import { partnerResource } from './resource.ts';
import { PartnerService } from './service.ts';

/** The routes' service in the engine's transaction (the file service only serves documents, which no process attaches). */
const service = (c: { tx: Queryable }) => new PartnerService(asDb(c.tx), null as never);

/** 合作伙伴 as a record type of processes: enabled or disabled; a new payee account is an event (checked before the next payment). */
export const partnerRecordType = defineRecordType({
  code: 'partner',
  label: { zh: '合作伙伴', en: 'Partner' },
  resource: partnerResource,
  number: 'name',
  link: '/partner/partnerDetail?id={id}',
  actions: {
    enable: machineAction(PARTNER_MACHINE, PartnerActionLabel, 'enable', (c) => service(c).move('enable', bodyOf(c), c.auth, c.actor)),
    disable: machineAction(PARTNER_MACHINE, PartnerActionLabel, 'disable', (c) => service(c).move('disable', bodyOf(c), c.auth, c.actor)),
  },
  events: {
    'partner.account_changed': { label: { zh: '合作伙伴收款账户变更', en: 'Partner payee account changed' }, match: ['kind'] },
  },
});
