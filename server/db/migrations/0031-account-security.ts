import { sql, type ColumnDefinitionBuilder } from 'kysely';
import type { Dialect, MigrationDb } from '../schema';

/**
 * Two-factor sign-in, passkeys, known devices and the pending steps of a sign-in (decisions 0043–0045).
 * Kept beside `admins` rather than in it: one row per account in `admin_security` (the encrypted TOTP
 * secret, the last accepted time step, the second step's lockout, the last sign-in), hashed recovery codes,
 * WebAuthn credentials, the devices an account has signed in from (for the new-device alert) and
 * short-lived challenges (the second step of a sign-in, WebAuthn challenges), all in the database so every
 * instance sees them.
 */
export function up(dialect: Dialect) {
  const id = dialect === 'postgres' ? ('serial' as const) : ('integer' as const);
  return async (db: MigrationDb): Promise<void> => {
    const adminRef = (c: ColumnDefinitionBuilder) => c.notNull().references('admins.admin_id').onDelete('cascade');
    await db.schema
      .createTable('admin_security')
      .addColumn('admin_id', 'integer', (c) => adminRef(c).primaryKey())
      .addColumn('totp_secret', 'text')
      .addColumn('totp_enabled_at', 'text')
      .addColumn('totp_pending', 'text')
      .addColumn('totp_pending_at', 'text')
      .addColumn('totp_last_step', 'integer')
      .addColumn('mfa_failures', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('mfa_locked_until', 'text')
      .addColumn('last_login_at', 'text')
      .execute();
    await db.schema
      .createTable('admin_recovery_codes')
      .addColumn('code_hash', 'text', (c) => c.primaryKey())
      .addColumn('admin_id', 'integer', (c) => adminRef(c))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .execute();
    await db.schema.createIndex('admin_recovery_codes_admin').on('admin_recovery_codes').column('admin_id').execute();
    await db.schema
      .createTable('admin_passkeys')
      .addColumn('passkey_id', id, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
      .addColumn('admin_id', 'integer', (c) => adminRef(c))
      .addColumn('credential_id', 'text', (c) => c.notNull().unique())
      .addColumn('public_key', 'text', (c) => c.notNull())
      .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('transports', 'text', (c) => c.notNull().defaultTo(sql`''`))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('last_used_at', 'text')
      .execute();
    await db.schema.createIndex('admin_passkeys_admin').on('admin_passkeys').column('admin_id').execute();
    await db.schema
      .createTable('admin_devices')
      .addColumn('admin_id', 'integer', (c) => adminRef(c))
      .addColumn('device_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('last_seen_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('admin_devices_pk', ['admin_id', 'device_hash'])
      .execute();
    await db.schema
      .createTable('auth_challenges')
      .addColumn('challenge_id', 'text', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('admin_id', 'integer', (c) => c.references('admins.admin_id').onDelete('cascade'))
      .addColumn('challenge', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
  };
}
