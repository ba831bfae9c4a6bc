import { sql, type ColumnDefinitionBuilder } from 'kysely';
import type { Dialect, MigrationDb } from '../schema';
import { createTableV1, type ColumnV1 } from './helpers-v1';

/**
 * Two-factor sign-in, passkeys, known devices and the pending steps of a sign-in (decisions 0043–0045).
 * Kept beside `admins` rather than in it: one row per account in `admin_security` (the encrypted TOTP
 * secret, the last accepted time step, the second step's lockout, the last sign-in), hashed recovery codes,
 * WebAuthn credentials, the devices an account has signed in from (for the new-device alert) and
 * short-lived challenges (the second step of a sign-in, WebAuthn challenges), all in the database so every
 * instance sees them.
 */
export function up(dialect: Dialect) {
  return async (db: MigrationDb): Promise<void> => {
    const adminRef = (c: ColumnDefinitionBuilder) => c.notNull().references('admins.admin_id').onDelete('cascade');
    const admin: ColumnV1 = ['integer', adminRef];
    await createTableV1(dialect, db, 'admin_security', {
      columns: [
        { admin_id: ['integer', (c) => adminRef(c).primaryKey()], totp_secret: 'text', totp_enabled_at: 'text' },
        { totp_pending: 'text', totp_pending_at: 'text', totp_last_step: 'integer' },
        { mfa_failures: ['integer', (c) => c.notNull().defaultTo(0)], mfa_locked_until: 'text', last_login_at: 'text' },
      ],
    });
    await createTableV1(dialect, db, 'admin_recovery_codes', {
      columns: [{ code_hash: ['text', (c) => c.primaryKey()], admin_id: admin, created_at: 'text!', used_at: 'text' }],
    });
    await db.schema.createIndex('admin_recovery_codes_admin').on('admin_recovery_codes').column('admin_id').execute();
    await createTableV1(dialect, db, 'admin_passkeys', {
      id: 'passkey_id',
      columns: [
        { admin_id: admin, credential_id: ['text', (c) => c.notNull().unique()], public_key: 'text!' },
        {
          counter: ['bigint', (c) => c.notNull().defaultTo(0)],
          transports: ['text', (c) => c.notNull().defaultTo(sql`''`)],
        },
        { name: 'text!', created_at: 'text!', last_used_at: 'text' },
      ],
    });
    await db.schema.createIndex('admin_passkeys_admin').on('admin_passkeys').column('admin_id').execute();
    await createTableV1(dialect, db, 'admin_devices', {
      columns: [{ admin_id: admin, device_hash: 'text!', created_at: 'text!', last_seen_at: 'text!' }],
      primaryKey: ['admin_devices_pk', ['admin_id', 'device_hash']],
    });
    await createTableV1(dialect, db, 'auth_challenges', {
      columns: [
        { challenge_id: ['text', (c) => c.primaryKey()], kind: 'text!' },
        { admin_id: ['integer', (c) => c.references('admins.admin_id').onDelete('cascade')], challenge: 'text' },
        { created_at: 'text!', expires_at: 'text!' },
      ],
    });
  };
}
