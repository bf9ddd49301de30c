import { STATION_MACHINE, StationActionLabel } from '@pv/contract';
import type { Queryable } from '../../db/client.ts';
import { REASON, asDb, bodyOf, defineRecordType, labelsOf, machineAction, reasonOf } from '../../lifecycle/records.ts';
import { StationActions } from './actions.ts';
import { stationResource } from './resource.ts';

const actions = (c: { tx: Queryable }) => new StationActions(asDb(c.tx));

/**
 * 电站 as a record type of processes: its own steps (survey, design, operation), terminated, frozen
 * (a freeze may need approval) or unfrozen. The work orders and self-audits move it otherwise.
 */
export const stationRecordType = defineRecordType({
  code: 'station',
  label: { zh: '电站', en: 'Station' },
  resource: stationResource,
  number: 'code',
  link: '/stationManagement/stationDetail?id={id}',
  actions: {
    finish_survey: machineAction(STATION_MACHINE, StationActionLabel, 'finish_survey', (c) => actions(c).move('finish_survey', bodyOf(c), c.auth, c.actor)),
    finish_design: machineAction(STATION_MACHINE, StationActionLabel, 'finish_design', (c) => actions(c).move('finish_design', bodyOf(c), c.auth, c.actor)),
    operate: machineAction(STATION_MACHINE, StationActionLabel, 'operate', (c) => actions(c).move('operate', bodyOf(c), c.auth, c.actor)),
    terminate: machineAction(STATION_MACHINE, StationActionLabel, 'terminate', (c) => actions(c).terminate(bodyOf(c, { reason: reasonOf(c) }), c.auth, c.actor), REASON),
    freeze: { label: labelsOf(StationActionLabel, 'freeze'), params: REASON, run: (c) => actions(c).setFrozen(true, bodyOf(c, { reason: reasonOf(c) }), c.auth, c.actor) },
    unfreeze: { label: labelsOf(StationActionLabel, 'unfreeze'), run: (c) => actions(c).setFrozen(false, bodyOf(c), c.auth, c.actor) },
  },
  events: {
    'station.frozen': { label: { zh: '电站已冻结', en: 'Station frozen' } },
    'station.terminated': { label: { zh: '电站已终止', en: 'Station terminated' } },
  },
});
