import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import { ContentService } from './content/service';
import { SettingsService } from './content/settings';
import type { Store } from './database';
import type { FileStore } from './files/store';
import { systemClock, type Clock } from './lib/clock';
import { SiteSearch } from './search/site-search.server';
import { InsightsService } from './insights/service.server';
import { NotFoundLog } from './redirects/not-found.server';
import { RedirectService } from './redirects/service.server';
import { TranslationService } from './translations/service.server';

/** Everything a route handler or a page loader needs, built once per process. */
export interface Services {
  config: Config;
  store: Store;
  files: FileStore;
  content: ContentService;
  settings: SettingsService;
  log: FastifyBaseLogger;
  /** The time the intake rules read (tests replace `clock.now`). */
  clock: Clock;
  /** The time the sign-in rules read: TOTP steps, the second step's lockout, session lifetimes (tests replace `authClock.now`). */
  authClock: Clock;
  /** The site search's index (decision 0054), dropped with the caches on every content change. */
  search: SiteSearch;
  /** Old addresses and manual redirects (decision 0057). */
  redirects: RedirectService;
  /** Translations of content rows per locale (decision 0076); the public pages ask it whether a row is translated (decision 0064). */
  translations: TranslationService;
  /** Missing pages counted per path and day (decision 0057). */
  notFound: NotFoundLog;
  /** Privacy-first visit counting (decision 0058). */
  insights: InsightsService;
}

export function createServices(config: Config, store: Store, files: FileStore, log: FastifyBaseLogger): Services {
  const content = new ContentService(store, files, config.limits, config.content);
  const settings = new SettingsService(store.db, content.changes);
  const clock = systemClock();
  const now = () => clock.now();
  const redirects = new RedirectService(store.db, new URL(config.publicUrl).origin, content.changes, now);
  content.rowWriteHooks.push(redirects.onRowWrite);
  const notFound = new NotFoundLog(store.db, now);
  const insights = new InsightsService(store.db, settings, now, new URL(config.publicUrl).hostname, config.insights);
  const translations = new TranslationService(store, { content, settings, redirects, ai: config.ai }, now);
  // Each write stores its row's English source hash (decision 0106), for the translation filter and work list.
  content.rowWriteHooks.push(translations.onRowWrite);
  return { config, store, files, content, settings, log, clock, authClock: systemClock(), redirects, notFound, insights, search: new SiteSearch({ content, settings }), translations };
}
