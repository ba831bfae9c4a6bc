import type { ResourceDef, ResourceKey } from '../kit';
import { about } from './about';
import { ads } from './ads';
import { blog } from './blog';
import { calendar } from './calendar';
import { carousel } from './carousel';
import { caseCategory } from './case-category';
import { caseDetails } from './case-details';
import { cases } from './cases';
import { event } from './event';
import { faqs } from './faqs';
import { gallery } from './gallery';
import { partners } from './partners';
import { review } from './review';
import { team } from './team';
import { vacancy } from './vacancy';

export { about, ads, blog, calendar, carousel, caseCategory, caseDetails, cases, event, faqs, gallery, partners, review, team, vacancy };

/** Every content group, in the admin sidebar's order (with their literal types, for the row types). */
const declared = [
  carousel,
  calendar,
  about,
  caseCategory,
  cases,
  caseDetails,
  blog,
  event,
  review,
  team,
  faqs,
  partners,
  ads,
  gallery,
  vacancy,
] as const;

/** Every content group served, in the admin sidebar's order: the declared ones, then any registered (`registerGroup`). */
const registry: ResourceDef[] = [...declared];
export const resources: readonly ResourceDef[] = registry;

/** The declaration of each group, with its literal field types: the source of the row and table types. */
export type Declared = (typeof declared)[number];

declare module '../kit' {
  interface Register {
    group: Declared;
  }
}

/** Each group's declaration by its key, with its literal types (`resourceByKey.faqs` reads `ReadRowOf<typeof faqs>` rows). */
export const resourceByKey = Object.fromEntries(resources.map((r): [string, ResourceDef] => [r.key, r])) as {
  readonly [K in ResourceKey]: Extract<Declared, { key: K }>;
};

/**
 * The spec's special reads of the content service (section 7: the recent about image, a category's cases, a
 * case's details), each showing rows of one group; the other reads take the group as their first argument.
 * The one table of them: the page cache's surrogate keys and the pages' translations read it.
 */
export const SPECIAL_READS = { recentAbout: about, casesByCategory: cases, caseDetailsByCase: caseDetails } as const satisfies Readonly<Record<string, ResourceDef>>;

/** The group a special read of that name shows (`SPECIAL_READS`), or undefined for any other read. */
export function specialReadGroup(name: string): ResourceDef | undefined {
  return Object.entries(SPECIAL_READS).find(([n]) => n === name)?.[1];
}

/** The declared group of a key named in another declaration (a ref field, a join). */
export function groupOf(key: string): ResourceDef {
  const r = registry.find((g) => g.key === key);
  if (!r) throw new Error(`no content group '${key}' is declared`);
  return r;
}

/**
 * Serves a group declared outside this list like the declared ones (its calls, lifecycle, search, sitemap,
 * Rule 36 check, assistant): a test's throwaway group. Called before the server starts.
 */
export function registerGroup(def: ResourceDef): void {
  if (registry.some((g) => g.key === def.key)) throw new Error(`content group '${def.key}' is already declared`);
  registry.push(def);
}

/**
 * Stops serving a group registered with registerGroup (the test's teardown, so the group outlives neither its
 * test file nor a test worker that runs other files after it). The declared groups cannot be removed.
 */
export function unregisterGroup(key: string): void {
  const at = registry.findIndex((g) => g.key === key);
  if (at < declared.length) throw new Error(`content group '${key}' was not registered`);
  registry.splice(at, 1);
}

/** The API path of a call: '/api' + base + path. */
export function apiPath(r: ResourceDef, call: keyof ResourceDef['paths']): string {
  return `/api${r.base}${r.paths[call]}`;
}
