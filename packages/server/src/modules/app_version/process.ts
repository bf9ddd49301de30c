import { APP_VERSION_MACHINE, AppVersionActionLabel } from '@pv/contract';
import type { Queryable } from '../../db/client.ts';
import { appVersions } from '../../db/schema/index.ts';
import { REASON, asDb, bodyOf, defineRecordType, machineAction, reasonOf } from '../../lifecycle/records.ts';
import { AppVersionActions } from './actions.ts';

/** Releases are the company's: everyone holding the permission sees them all (the resource's own scope). */
const releases = { name: 'app_version', table: appVersions, scope: () => undefined };

/** The routes' action class in the engine's transaction (no package upload happens in a process). */
const actions = (c: { tx: Queryable }) => new AppVersionActions(asDb(c.tx), releases as never, null as never, 0);

/** 光E宝 app 版本 as a record type of processes: published (which may need approval) or withdrawn. */
export const appVersionRecordType = defineRecordType({
  code: 'app_version',
  label: { zh: 'App 版本', en: 'App release' },
  resource: releases,
  number: 'version_name',
  link: '/other/appVersionDetail?id={id}',
  actions: {
    publish: machineAction(APP_VERSION_MACHINE, AppVersionActionLabel, 'publish', (c) => actions(c).publish(bodyOf(c), c.auth, c.actor)),
    withdraw: machineAction(APP_VERSION_MACHINE, AppVersionActionLabel, 'withdraw', (c) => actions(c).withdraw(bodyOf(c, { reason: reasonOf(c) }), c.auth, c.actor), REASON),
  },
  events: {
    'app_version.published': { label: { zh: 'App 版本已发布', en: 'App release published' }, match: ['platform'] },
  },
});
