import type { Generated } from 'kysely';

/** Tables of redirects, row addresses and the not-found report (migration 0027, decision 0057). */
export interface RedirectTables {
  redirects: {
    redirect_id: Generated<number>;
    from_path: string;
    from_key: string;
    to_target: string;
    to_key: string | null;
    status_code: number;
    kind: 'auto' | 'manual';
    note: string | null;
    created_at: string;
    updated_at: string;
  };
  public_paths: { resource: string; record_id: number; path: string };
  not_found_daily: { day: string; path: string; hits: number; bot_hits: number; last_seen: string; referrer: string | null };
}

/** Tables of the insights (migration 0027, decision 0058). */
export interface InsightTables {
  insight_visitors: { day: string; visitor: string; landing: string; seen_at: string };
  insight_daily: { day: string; kind: string; key: string; views: number; visits: number };
}
