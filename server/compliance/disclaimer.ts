import { sql, type Kysely } from 'kysely';
import type { Database } from '../database';

export type { ComplianceTables } from './tables';

/** Counts one agreement to a disclaimer version on the day of `now` (UTC); nothing about the visitor. */
export async function recordAcceptance(db: Kysely<Database>, version: string, now: Date = new Date()): Promise<void> {
  const day = now.toISOString().slice(0, 10);
  await db
    .insertInto('disclaimer_acceptances')
    .values({ version, day, count: 1 })
    .onConflict((oc) => oc.columns(['version', 'day']).doUpdateSet({ count: sql`disclaimer_acceptances.count + 1` }))
    .execute();
}

export interface AcceptanceCount {
  version: string;
  day: string;
  count: number;
}

/** Counts per version and day, newest day first (at most `days` days). */
export async function acceptanceCounts(db: Kysely<Database>, days = 90): Promise<AcceptanceCount[]> {
  const rows = await db
    .selectFrom('disclaimer_acceptances')
    .select(['version', 'day', 'count'])
    .orderBy('day', 'desc')
    .orderBy('version')
    .limit(days * 10)
    .execute();
  return rows.map((r) => ({ version: String(r.version), day: String(r.day), count: Number(r.count) }));
}
