import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../../server/database';
import type { Json } from './server';

/** How many rows a table holds. */
export async function countRows(db: Kysely<Database>, table: keyof Database): Promise<number> {
  const r = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Each query of a call is refused with 400 and exactly its message. */
export async function expectRefused(
  ask: (query: string) => Promise<{ status: number; body: Json }>,
  cases: Array<[query: string, message: string]>,
): Promise<void> {
  for (const [query, message] of cases) {
    const r = await ask(query);
    expect(r.status, query).toBe(400);
    expect(r.body.message, query).toBe(message);
  }
}
