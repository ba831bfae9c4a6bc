import { sql } from 'kysely';
import type { Dialect, MigrationDb } from '../schema';

/**
 * One-time links for administrators: a password reset (30 minutes) or an invitation to set a first
 * password (72 hours). Only the SHA-256 of the token is stored; a token is used at most once.
 * Also who invited an administrator and when (the Administrators page shows it).
 */
export function up(_dialect: Dialect) {
  return async (db: MigrationDb): Promise<void> => {
    await db.schema
      .createTable('admin_tokens')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('admin_id', 'integer', (c) => c.notNull().references('admins.admin_id').onDelete('cascade'))
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(sql`''`))
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .execute();
    await db.schema.createIndex('admin_tokens_admin').on('admin_tokens').column('admin_id').execute();
    await db.schema.alterTable('admins').addColumn('invited_by', 'text').execute();
  };
}
