import { createHash, randomBytes } from 'node:crypto';
import { isbot } from 'isbot';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../database';
import type { SettingsService } from '../content/settings';
import { referrerDomain } from '../redirects/paths';
import { serialized } from '../lib/serialized';
import type { InsightsRanked as Ranked, InsightsSummary as Summary } from '../../content/admin-views';

/** The kinds of daily aggregate rows (insight_daily.kind). */
export const KINDS = ['page', 'visitors', 'referrer', 'campaign', 'device', 'language', 'landing', 'request'] as const;
export type Kind = (typeof KINDS)[number];

/** Keys kept per kind and day (the rest of a day's new keys are not counted: made-up paths cannot grow the table). */
export const KEYS_PER_DAY = 1000;
/** Bounds of what is held in memory between two flushes. */
const MAX_PENDING_VISITS = 20_000;
const MAX_COUNTS = 5000;
const MAX_KNOWN = 200_000;

export interface HitRequest {
  ip: string;
  headers: Record<string, string | string[] | undefined>;
}

export interface Hit {
  /** location.pathname */
  path: string;
  /** location.search (only utm_campaign is read) */
  search?: string;
  /** document.referrer (only its domain is kept) */
  referrer?: string;
}

interface Visit {
  day: string;
  visitor: string;
  landing: string;
  referrer: string;
  campaign: string | null;
  device: string;
  language: string;
  at: string;
}

interface Count {
  day: string;
  kind: Kind;
  key: string;
  views: number;
  visits: number;
}

const header = (h: HitRequest['headers'], name: string): string => {
  const v = h[name];
  return Array.isArray(v) ? (v[0] ?? '') : (v ?? '');
};

/** Whether the visitor asked not to be counted (DNT: 1 or Sec-GPC: 1), or is a bot (isbot). */
export function notCounted(h: HitRequest['headers']): boolean {
  return header(h, 'dnt').trim() === '1' || header(h, 'sec-gpc').trim() === '1' || isbot(header(h, 'user-agent'));
}

/** Device class from the user agent: mobile, tablet or desktop (nothing else of the agent is kept). */
export function deviceClass(userAgent: string): 'mobile' | 'tablet' | 'desktop' {
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i.test(userAgent)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android.*Mobile|Windows Phone|Opera Mini/i.test(userAgent)) return 'mobile';
  return 'desktop';
}

/** The primary language of Accept-Language ('en', 'ml', 'hi'), or 'unknown'. */
export function languageOf(acceptLanguage: string): string {
  const first = acceptLanguage.split(',')[0]?.split(';')[0]?.trim().toLowerCase() ?? '';
  const primary = first.split('-')[0] ?? '';
  return /^[a-z]{2,3}$/.test(primary) ? primary : 'unknown';
}

/** utm_campaign of a query string, trimmed to 100 characters, or null. */
export function campaignOf(search: string | undefined): string | null {
  if (!search) return null;
  try {
    const c = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search).get('utm_campaign')?.trim();
    return c ? c.slice(0, 100).toLowerCase() : null;
  } catch {
    return null;
  }
}

/**
 * Privacy-first insights (decision 0058). Nothing is set in the browser and nothing personal is stored:
 * a page view is counted per path and day; a visitor is recognised for one day only by a hash of the
 * address, the user agent and a salt that is random, kept in this process's memory only and replaced when
 * the day changes (so nobody, the firm included, can recompute yesterday's hashes); the hash and the page the
 * visit landed on stay in `insight_visitors` for at most 24 hours. Everything else is a daily aggregate in
 * `insight_daily`: views per page, and per visit its referrer's domain, UTM campaign, device class,
 * language and landing page, and consultation requests by the page their visit landed on. Counts are
 * buffered in memory and added every few seconds, so a hit costs a hash and a Map update.
 */
export class InsightsService {
  private salt: { day: string; value: Buffer } | null = null;
  private counts = new Map<string, Count>();
  private visits = new Map<string, Visit>();
  private known = new Set<string>();
  private knownDay = '';
  private timer: NodeJS.Timeout | null = null;
  private formatters = new Map<string, Intl.DateTimeFormat>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly settings: SettingsService,
    private readonly now: () => Date,
    private readonly ownHost: string,
    /** INSIGHTS=off: nothing is counted (and the pages carry no beacon). */
    private readonly enabled = true,
  ) {}

  /** The firm's calendar day (the booking time zone) of a moment, 'YYYY-MM-DD'. */
  private async dayOf(at: Date): Promise<string> {
    const zone = (await this.settings.get()).booking.timeZone;
    let f = this.formatters.get(zone);
    if (!f) {
      f = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
      this.formatters.set(zone, f);
    }
    return f.format(at);
  }

  async today(): Promise<string> {
    return this.dayOf(this.now());
  }

  /** The visitor's hash for a day. A new day gets a new random salt and the old one is forgotten. */
  private visitorHash(day: string, ip: string, userAgent: string): string {
    if (!this.salt || this.salt.day !== day) {
      // Days only move forward here: a salt asked for an earlier day (a clock set back in a test) is new too.
      this.salt = { day, value: randomBytes(32) };
    }
    return createHash('sha256').update(this.salt.value).update(ip).update('\0').update(userAgent).digest('base64url').slice(0, 22);
  }

  private add(day: string, kind: Kind, key: string, views: number, visits: number): void {
    const id = `${day}\0${kind}\0${key}`;
    const c = this.counts.get(id);
    if (c) {
      c.views += views;
      c.visits += visits;
    } else if (this.counts.size < MAX_COUNTS) {
      this.counts.set(id, { day, kind, key, views, visits });
    }
  }

  /** Counts a page view (the beacon). Returns false when it was not counted (DNT, GPC, a bot, not a page). */
  async recordHit(req: HitRequest, hit: Hit): Promise<boolean> {
    if (!this.enabled || notCounted(req.headers)) return false;
    const path = hit.path.slice(0, 300);
    if (!path.startsWith('/') || /^\/(api|assets|uploads|admin-side-bar|admin-login|preview)(\/|$)/.test(path)) return false;
    const at = this.now();
    const day = await this.dayOf(at);
    const ua = header(req.headers, 'user-agent');
    const visitor = this.visitorHash(day, req.ip, ua);
    this.add(day, 'page', path, 1, 0);
    if (this.knownDay !== day || this.known.size >= MAX_KNOWN) {
      this.known = new Set();
      this.knownDay = day;
    }
    if (!this.known.has(visitor) && this.visits.size < MAX_PENDING_VISITS) {
      this.known.add(visitor);
      const ref = referrerDomain(hit.referrer);
      this.visits.set(`${day}\0${visitor}`, {
        day,
        visitor,
        landing: path,
        referrer: !ref ? '(direct)' : ref === this.ownHost ? '(this site)' : ref,
        campaign: campaignOf(hit.search),
        device: deviceClass(ua),
        language: languageOf(header(req.headers, 'accept-language')),
        at: at.toISOString(),
      });
    }
    return true;
  }

  /** Counts a consultation request under the page its visit landed on (not counted: DNT, GPC, bots). */
  async recordRequest(req: HitRequest): Promise<void> {
    if (!this.enabled || notCounted(req.headers)) return;
    const day = await this.dayOf(this.now());
    const visitor = this.visitorHash(day, req.ip, header(req.headers, 'user-agent'));
    let landing = this.visits.get(`${day}\0${visitor}`)?.landing;
    if (!landing) {
      const row = await this.db.selectFrom('insight_visitors').select('landing').where('day', '=', day).where('visitor', '=', visitor).executeTakeFirst();
      landing = row?.landing ?? '(unknown)';
    }
    this.add(day, 'request', landing, 0, 1);
  }

  start(intervalMs: number, sweepMs: number, onError: (err: unknown) => void): void {
    const flush = setInterval(() => void this.flush().catch(onError), intervalMs);
    const sweep = setInterval(() => void this.sweep().catch(onError), sweepMs);
    flush.unref();
    sweep.unref();
    this.timer = flush;
    this.sweepTimer = sweep;
  }
  private sweepTimer: NodeJS.Timeout | null = null;

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    this.timer = this.sweepTimer = null;
    await this.flush();
  }

  /** Adds what is buffered to the tables (flushes run one after another). */
  readonly flush = serialized(() => this.write());

  private async write(): Promise<void> {
    if (!this.counts.size && !this.visits.size) return;
    const visits = [...this.visits.values()];
    this.visits = new Map();
    await this.db.transaction().execute(async (trx) => {
      // A visitor another instance (or an earlier flush) already saw today is not a new visit.
      for (let i = 0; i < visits.length; i += 200) {
        const chunk = visits.slice(i, i + 200);
        const inserted = await trx
          .insertInto('insight_visitors')
          .values(chunk.map((v) => ({ day: v.day, visitor: v.visitor, landing: v.landing, seen_at: v.at })))
          .onConflict((oc) => oc.columns(['day', 'visitor']).doNothing())
          .returning(['day', 'visitor'])
          .execute();
        const fresh = new Set(inserted.map((r) => `${r.day}\0${r.visitor}`));
        for (const v of chunk) {
          if (!fresh.has(`${v.day}\0${v.visitor}`)) continue;
          this.add(v.day, 'visitors', '', 0, 1);
          this.add(v.day, 'referrer', v.referrer, 0, 1);
          if (v.campaign) this.add(v.day, 'campaign', v.campaign, 0, 1);
          this.add(v.day, 'device', v.device, 0, 1);
          this.add(v.day, 'language', v.language, 0, 1);
          this.add(v.day, 'landing', v.landing, 0, 1);
        }
      }
      const counts = [...this.counts.values()];
      this.counts = new Map();
      await addCounts(trx, counts);
    });
  }

  /**
   * Deletes visitor hashes older than 24 hours or of an earlier day, and daily aggregates older than the
   * retention of the settings (Settings → Privacy). Runs every sweep on every instance.
   */
  async sweep(): Promise<void> {
    await this.flush();
    const now = this.now();
    const today = await this.dayOf(now);
    const dayAgo = new Date(now.getTime() - 86_400_000).toISOString();
    await this.db
      .deleteFrom('insight_visitors')
      .where((eb) => eb.or([eb('day', '<', today), eb('seen_at', '<', dayAgo)]))
      .execute();
    const months = (await this.settings.get()).privacy.insightsRetentionMonths;
    const cutoff = new Date(now);
    cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
    await this.db.deleteFrom('insight_daily').where('day', '<', cutoff.toISOString().slice(0, 10)).execute();
  }

  /** The figures of a date range (inclusive), as the Insights page shows them. */
  async summary(from: string, to: string, limit = 20): Promise<Summary> {
    await this.flush();
    const range = this.db.selectFrom('insight_daily').where('day', '>=', from).where('day', '<=', to);
    const perDay = await range
      .select((eb) => ['day', 'kind', eb.fn.sum<number | string>('views').as('views'), eb.fn.sum<number | string>('visits').as('visits')])
      .where('kind', 'in', ['page', 'visitors', 'request'])
      .groupBy(['day', 'kind'])
      .execute();
    const days = new Map<string, { day: string; views: number; visitors: number }>();
    for (let d = new Date(`${from}T00:00:00Z`); d.toISOString().slice(0, 10) <= to; d.setUTCDate(d.getUTCDate() + 1)) {
      const day = d.toISOString().slice(0, 10);
      days.set(day, { day, views: 0, visitors: 0 });
    }
    const totals = { views: 0, visitors: 0, requests: 0 };
    for (const r of perDay) {
      const d = days.get(r.day);
      if (r.kind === 'page') {
        totals.views += Number(r.views);
        if (d) d.views += Number(r.views);
      } else if (r.kind === 'visitors') {
        totals.visitors += Number(r.visits);
        if (d) d.visitors += Number(r.visits);
      } else totals.requests += Number(r.visits);
    }
    const ranked = async (kind: Kind, column: 'views' | 'visits'): Promise<Ranked[]> => {
      const rows = await range
        .select((eb) => ['key', eb.fn.sum<number | string>(column).as('n')])
        .where('kind', '=', kind)
        .groupBy('key')
        .orderBy('n', 'desc')
        .orderBy('key')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ key: r.key, count: Number(r.n) }));
    };
    const [pages, referrers, campaigns, devices, languages, landings, requests] = await Promise.all([
      ranked('page', 'views'),
      ranked('referrer', 'visits'),
      ranked('campaign', 'visits'),
      ranked('device', 'visits'),
      ranked('language', 'visits'),
      ranked('landing', 'visits'),
      ranked('request', 'visits'),
    ]);
    return { from, to, totals, days: [...days.values()], pages, referrers, campaigns, devices, languages, landings, requests };
  }

  /** Every aggregate row of the range, for the CSV export. */
  async rows(from: string, to: string): Promise<Count[]> {
    await this.flush();
    const rows = await this.db
      .selectFrom('insight_daily')
      .selectAll()
      .where('day', '>=', from)
      .where('day', '<=', to)
      .orderBy('day')
      .orderBy('kind')
      .orderBy('views', 'desc')
      .orderBy('visits', 'desc')
      .orderBy('key')
      .execute();
    return rows.map((r) => ({ day: r.day, kind: r.kind as Kind, key: r.key, views: Number(r.views), visits: Number(r.visits) }));
  }
}

/** Adds counts to insight_daily: a known key is always added to; a new one only while its kind and day have room. */
async function addCounts(trx: Transaction<Database>, counts: Count[]): Promise<void> {
  const room = new Map<string, number>();
  for (const c of counts) {
    const updated = await trx
      .updateTable('insight_daily')
      .set((eb) => ({ views: eb('views', '+', c.views), visits: eb('visits', '+', c.visits) }))
      .where('day', '=', c.day)
      .where('kind', '=', c.kind)
      .where('key', '=', c.key)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) > 0) continue;
    const slot = `${c.day}\0${c.kind}`;
    let left = room.get(slot);
    if (left === undefined) {
      const n = await trx
        .selectFrom('insight_daily')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('day', '=', c.day)
        .where('kind', '=', c.kind)
        .executeTakeFirstOrThrow();
      left = KEYS_PER_DAY - Number(n.n);
    }
    if (left <= 0) continue;
    room.set(slot, left - 1);
    await trx
      .insertInto('insight_daily')
      .values({ day: c.day, kind: c.kind, key: c.key.slice(0, 300), views: c.views, visits: c.visits })
      .onConflict((oc) =>
        oc.columns(['day', 'kind', 'key']).doUpdateSet((eb) => ({
          views: eb('insight_daily.views', '+', eb.ref('excluded.views')),
          visits: eb('insight_daily.visits', '+', eb.ref('excluded.visits')),
        })),
      )
      .execute();
  }
}
