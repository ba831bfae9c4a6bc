import { EventEmitter } from 'node:events';
import type { Kysely } from 'kysely';
import { DEFAULT_SETTINGS, SiteSettingsSchema, type SiteSettings } from '../../content/settings';
import { bumpContentVersion } from '../cluster/version';
import { nowIso } from '../db/index';
import { AppError } from '../lib/errors';
import type { Database } from '../database';

const KEY = 'site';

/** Site settings: one validated JSON document in the settings table, cached in memory. */
export class SettingsService {
  private cache: SiteSettings | null = null;
  /** Set when several instances may share the database: checks the shared content version first. */
  private freshness: (() => Promise<void>) | null = null;
  constructor(
    private readonly db: Kysely<Database>,
    private readonly changes: EventEmitter,
  ) {}

  async get(): Promise<SiteSettings> {
    if (this.freshness) await this.freshness();
    if (this.cache) return this.cache;
    const row = await this.db.selectFrom('settings').select('value').where('key', '=', KEY).executeTakeFirst();
    let value = DEFAULT_SETTINGS;
    if (row) {
      const parsed = SiteSettingsSchema.safeParse(JSON.parse(String(row.value)));
      if (parsed.success) value = parsed.data;
    }
    this.cache = value;
    return value;
  }

  /** `before` sees the valid new settings and may refuse them by throwing (the Rule 36 check). */
  async update(input: unknown, before?: (next: SiteSettings) => Promise<void>): Promise<SiteSettings> {
    if (input && typeof input === 'object' && 'override_reason' in input) {
      // The publish check's field (decision 0019) travels beside the settings, never into them.
      const { override_reason: _reason, ...rest } = input;
      input = rest;
    }
    const parsed = SiteSettingsSchema.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new AppError(400, `Invalid setting ${issue.path.join('.') || 'value'}: ${issue.message}`);
    }
    await before?.(parsed.data);
    const value = JSON.stringify(parsed.data);
    let version = 0;
    await this.db.transaction().execute(async (trx) => {
      const updated = await trx.updateTable('settings').set({ value, updated_at: nowIso() }).where('key', '=', KEY).executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) {
        await trx.insertInto('settings').values({ key: KEY, value, updated_at: nowIso() }).execute();
      }
      version = await bumpContentVersion(trx);
    });
    this.cache = parsed.data;
    this.changes.emit('change', { key: 'settings', version });
    return parsed.data;
  }

  /** Runs check before every read (it calls invalidate() when another instance wrote). */
  useFreshnessCheck(check: () => Promise<void>): void {
    this.freshness = check;
  }

  /** Drops the in-memory copy (another instance changed the settings). */
  invalidate(): void {
    this.cache = null;
  }
}
