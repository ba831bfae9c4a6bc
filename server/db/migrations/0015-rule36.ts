import type { Dialect, MigrationDb } from '../schema';

/**
 * Bar Council of India Rule 36 (decision 0019):
 * - audit_log.detail: JSON beside the summary, e.g. the reason and findings of a publishing override;
 * - disclaimer_acceptances: how many visitors agreed to each disclaimer version on each day (UTC),
 *   a count and nothing about the visitor.
 */
export function up(_dialect: Dialect) {
  return async (db: MigrationDb): Promise<void> => {
    await db.schema.alterTable('audit_log').addColumn('detail', 'text').execute();
    await db.schema
      .createTable('disclaimer_acceptances')
      .addColumn('version', 'text', (c) => c.notNull())
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('disclaimer_acceptances_pk', ['version', 'day'])
      .execute();
  };
}
