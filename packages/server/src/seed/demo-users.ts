import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';

/**
 * The demo user who does a piece of the demo's work: the first of `usernames` that exists (the
 * finance users arrived with issue 26; a database seeded before them falls back to the older ones).
 */
export async function demoUser(db: Db, ...usernames: string[]): Promise<typeof users.$inferSelect | undefined> {
  for (const username of usernames) {
    const [u] = await db.select().from(users).where(eq(users.username, username));
    if (u) return u;
  }
  return undefined;
}
