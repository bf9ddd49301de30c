/**
 * Catalogue areas: each part of the console keeps its keys in its own file here (zh and en side by
 * side, same keys). zh.ts and en.ts merge them over the base catalogues.
 */
import * as route from './route.ts';
import * as org from './org.ts';
import * as tabs from './tabs.ts';
import * as shell from './shell.ts';
import * as auth from './auth.ts';
import * as message from './message.ts';
import * as menuTaskLog from './menu-task-log.ts';
import * as excel from './excel.ts';
import * as region from './region.ts';
import * as history from './history.ts';
import * as matter from './matter.ts';
import * as agent from './agent.ts';
import * as customerDetail from './customer-detail.ts';
import * as workOrder from './workOrder.ts';
import * as station from './station.ts';
import * as stats from './stats.ts';
import * as displayToken from './display-token.ts';
import * as conflict from './conflict.ts';
import * as operation from './operation.ts';
import * as inspection from './inspection.ts';
import * as maintenance from './maintenance.ts';
import * as finance from './finance.ts';

import * as revenue from './revenue.ts';
import * as financeReport from './finance-report.ts';
import * as payment from './payment.ts';
import * as appVersion from './app-version.ts';
import * as partner from './partner.ts';
import * as workflow from './workflow.ts';
import * as settlement from './settlement.ts';
import * as insurance from './insurance.ts';
import * as invoice from './invoice.ts';
import * as statement from './statement.ts';
import * as tables from './tables.ts';
import * as dates from './dates.ts';

const AREAS = [route, tabs, shell, org, message, auth, menuTaskLog, excel, region, history, matter, agent, customerDetail, station, workOrder, stats, displayToken, conflict, operation, inspection, maintenance, finance, revenue, financeReport, payment, appVersion, partner, workflow, settlement, insurance, invoice, statement, tables, dates];

export const areasZh = AREAS.map((a) => a.zh);
export const areasEn = AREAS.map((a) => a.en);
