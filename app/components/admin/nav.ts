import { resources } from '@content/resources/index';

export interface NavItem {
  /** Segment under /admin-side-bar. */
  path: string;
  label: string;
  /** Key in GET /api/admin/counts shown on the dashboard card. */
  countKey?: string;
}

/** The sidebar, in the spec's order, plus Consultations, Settings, Administrators, the Audit Log and My account. */
export const NAV_ITEMS: readonly NavItem[] = [
  { path: 'dashboard', label: 'Dash Board' },
  { path: 'mail', label: 'Mail' },
  ...resources.map((r) => ({ path: r.admin.path, label: r.admin.nav, countKey: r.key })),
  { path: 'consultations', label: 'Consultations', countKey: 'newConsultations' },
  { path: 'conflict-list', label: 'Conflict List' },
  { path: 'data-requests', label: 'Data Requests' },
  { path: 'settings', label: 'Settings' },
  { path: 'admins', label: 'Administrators' },
  { path: 'audit', label: 'Audit Log' },
  { path: 'redirects', label: 'Redirects' },
  { path: 'not-found', label: 'Not Found' },
  { path: 'insights', label: 'Insights' },
  { path: 'my-account', label: 'My account' },
];
