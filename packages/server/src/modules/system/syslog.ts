import type { Queryable } from '../../db/client.ts';
import { sysLog } from '../../db/schema/index.ts';

/** Who did it, for the system log. */
export interface Actor {
  userId: number | null;
  username: string | null;
  ip: string | null;
  /** a workflow instance on the record running its end action (the process was the approval): the needs-approval gate lets it through */
  approvedBy?: number;
}

export interface LogEntry {
  action: string;
  resource: string;
  recordId?: number | null;
  before?: unknown;
  after?: unknown;
}

/** JSON-safe copy (Dates → ISO strings) so before/after are plain data. */
const plain = (value: unknown) => (value === undefined || value === null ? null : JSON.parse(JSON.stringify(value)));

/** Writes one sys_log row on `db` — pass the write's transaction so the log commits or rolls back with it. */
export async function writeLog(db: Queryable, actor: Actor, entry: LogEntry): Promise<void> {
  await db.insert(sysLog).values({
    user_id: actor.userId,
    username: actor.username,
    ip: actor.ip,
    action: entry.action,
    resource: entry.resource,
    record_id: entry.recordId ?? null,
    before: plain(entry.before),
    after: plain(entry.after),
  });
}
