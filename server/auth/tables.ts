import type { ColumnType, Generated } from 'kysely';

/** The tables of two-factor sign-in, passkeys, known devices and sign-in challenges (migration 0029). */
export interface AdminSecurityTable {
  admin_id: number;
  /** The TOTP secret, encrypted (sealSecret). */
  totp_secret: string | null;
  totp_enabled_at: string | null;
  /** A secret being set up (startTotp), encrypted, until confirmTotp. */
  totp_pending: string | null;
  totp_pending_at: string | null;
  /** The last accepted 30-second step: a code of that step or an earlier one is refused (no replay). */
  totp_last_step: number | null;
  mfa_failures: ColumnType<number, number | undefined, number>;
  mfa_locked_until: string | null;
  last_login_at: string | null;
}
export interface AdminRecoveryCodesTable {
  code_hash: string;
  admin_id: number;
  created_at: string;
  used_at: string | null;
}
export interface AdminPasskeysTable {
  passkey_id: Generated<number>;
  admin_id: number;
  credential_id: string;
  public_key: string;
  /** bigint: PostgreSQL answers it as a string. */
  counter: ColumnType<number | string, number, number>;
  transports: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
}
export interface AdminDevicesTable {
  admin_id: number;
  device_hash: string;
  created_at: string;
  last_seen_at: string;
}
export interface AuthChallengesTable {
  challenge_id: string;
  kind: string;
  admin_id: number | null;
  challenge: string | null;
  created_at: string;
  expires_at: string;
}
export interface AccountSecurityTables {
  admin_security: AdminSecurityTable;
  admin_recovery_codes: AdminRecoveryCodesTable;
  admin_passkeys: AdminPasskeysTable;
  admin_devices: AdminDevicesTable;
  auth_challenges: AuthChallengesTable;
}
