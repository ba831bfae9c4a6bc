import { resources } from '@content/resources/index';
import { mayUse, type Area, type Role } from '@content/roles';

export interface NavItem {
  /** Segment under /admin-side-bar. */
  path: string;
  label: string;
  /** Key in GET /api/admin/counts shown on the dashboard card. */
  countKey?: string;
  /** Who may open it (content/roles.ts, decision 0040): the sidebar and the dashboard show it to those roles only. */
  area: Area;
}

/** The sidebar, in the spec's order, plus Consultations, Settings, Administrators and the Audit Log. */
export const NAV_ITEMS: readonly NavItem[] = [
  { path: 'dashboard', label: 'Dash Board', area: 'staff' },
  { path: 'mail', label: 'Mail', area: 'intake' },
  ...resources.map((r): NavItem => ({ path: r.admin.path, label: r.admin.nav, countKey: r.key, area: 'content' })),
  { path: 'consultations', label: 'Consultations', countKey: 'newConsultations', area: 'intake' },
  { path: 'lawyers', label: 'Lawyers', area: 'intake' },
  { path: 'conflict-list', label: 'Conflict List', area: 'intake' },
  { path: 'data-requests', label: 'Data Requests', area: 'intake' },
  { path: 'settings', label: 'Settings', area: 'content' },
  { path: 'admins', label: 'Administrators', area: 'admin' },
  { path: 'audit', label: 'Audit Log', area: 'admin' },
  { path: 'redirects', label: 'Redirects', area: 'content' },
  { path: 'not-found', label: 'Not Found', area: 'content' },
  { path: 'insights', label: 'Insights', area: 'admin' },
  { path: 'my-account', label: 'My account', area: 'staff' },
];

/** The entries a role may use, in order. */
export function navFor(role: Role): NavItem[] {
  return NAV_ITEMS.filter((i) => mayUse(role, i.area));
}

/** The entry of an admin address (/admin-side-bar/<path>/…), or undefined for the shell's own index. */
export function navItemOf(pathname: string): NavItem | undefined {
  const segment = pathname.replace(/^\/admin-side-bar\/?/, '').split('/')[0];
  return NAV_ITEMS.find((i) => i.path === segment);
}
