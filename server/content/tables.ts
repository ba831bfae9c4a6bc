/** The content feature's own tables and the columns it adds to every group's table (migrations 0011, 0012). */
import type { Generated } from 'kysely';

export type ContentStatus = 'published' | 'draft';

/** Row types of the tables this module adds (migrations 0011 and 0012). */
export interface LifecycleTables {
  content_revisions: {
    revision_id: Generated<number>;
    resource: string;
    record_id: number;
    action: string;
    snapshot: string;
    changed: string;
    admin_email: string | null;
    created_at: string;
  };
  preview_links: {
    token_hash: string;
    resource: string;
    record_id: number;
    expires_at: string;
    created_at: string;
  };
}

/** Columns migration 0011 adds to every content table. */
export interface LifecycleColumns {
  status: ContentStatus;
  pending_draft: string | null;
  deleted_at: string | null;
  publish_at: string | null;
  unpublish_at: string | null;
  position: number | null;
}
