import type { Generated } from 'kysely';

export const PURGE_STATUSES = ['queued', 'retrying', 'failed'] as const;
export type PurgeStatus = (typeof PURGE_STATUSES)[number];

/** The purge queue's table (migration 0030), for the typed Database interface. */
export interface PurgeTables {
  cdn_purges: {
    purge_id: Generated<number>;
    /** The surrogate keys, space-separated. */
    keys: string;
    status: PurgeStatus;
    attempts: number;
    next_attempt_at: string;
    locked_until: string | null;
    lease_token: string | null;
    last_error: string | null;
    created_at: string;
  };
}
