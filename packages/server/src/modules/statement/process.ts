import { STATEMENT_MACHINE, StatementActionLabel } from '@pv/contract';
import type { Queryable } from '../../db/client.ts';
import { asDb, bodyOf, defineRecordType, machineAction } from '../../lifecycle/records.ts';
import { StatementActions } from './actions.ts';
import { statementResource } from './resource.ts';

const actions = (c: { tx: Queryable }) => new StatementActions(asDb(c.tx));

/** 对账单 as a record type of processes: sent to the partner, or confirmed once every difference is explained. */
export const statementRecordType = defineRecordType({
  code: 'statement',
  label: { zh: '对账单', en: 'Statement' },
  resource: statementResource,
  number: 'statement_no',
  link: '/finance/statementDetail?id={id}',
  actions: {
    send: machineAction(STATEMENT_MACHINE, StatementActionLabel, 'send', (c) => actions(c).send(bodyOf(c), c.auth, c.actor)),
    confirm: machineAction(STATEMENT_MACHINE, StatementActionLabel, 'confirm', (c) => actions(c).confirm(bodyOf(c), c.auth, c.actor)),
  },
  events: {
    'statement.sent': { label: { zh: '对账单已发送对方', en: 'Statement sent' }, match: ['kind'] },
    'statement.imported': { label: { zh: '对方账单已导入', en: "Partner's sheet imported" }, match: ['kind'] },
  },
});
