/**
 * The record types of processes, one declaration per module beside its resource (issue 25,
 * docs/DECISIONS.md "Workflow"): importing this registers them all in lifecycle/records.ts. The
 * composition roots import it (the app, the first-start bootstrap); the workflow engine never does —
 * it reads the registry.
 */
import './customer/process.ts';
import './station/process.ts';
import './work_order/process.ts';
import './self_audit/process.ts';
import './matter/process.ts';
import './agent/process.ts';
import './inspection/process.ts';
import './maintenance/process.ts';
import './stock/process.ts';
import './lease/process.ts';
import './payment/process.ts';
import './revenue/process.ts';
import './settlement/process.ts';
import './statement/process.ts';
import './invoice/process.ts';
import './partner/process.ts';
import './insurance/process.ts';
import './app_version/process.ts';
