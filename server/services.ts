import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import { ContentService } from './content/service';
import { SettingsService } from './content/settings';
import type { Store } from './db/index';
import type { FileStore } from './files/store';
import { systemClock, type Clock } from './lib/clock';

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
}

export function createServices(config: Config, store: Store, files: FileStore, log: FastifyBaseLogger): Services {
  const content = new ContentService(store, files, config.limits, config.content);
  const settings = new SettingsService(store.db, content.changes);
  return { config, store, files, content, settings, log, clock: systemClock(), authClock: systemClock() };
}
