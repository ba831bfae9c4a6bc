import { api } from '~/lib/api';
import { notify } from './notify';

/**
 * Asks `url` for a signed preview link and opens it in a new tab (the tab is opened first, so no popup
 * blocker stops it): a row's draft, or a translation's (decision 0078).
 */
export async function openSignedPreview(url: string): Promise<void> {
  const tab = window.open('about:blank', '_blank');
  const res = await api<{ url?: string }>(url, { method: 'POST', json: {} });
  if (!res.ok || !res.body.url) {
    tab?.close();
    notify.error(res.body.message || 'The preview could not be opened.');
    return;
  }
  if (tab) tab.location.href = res.body.url;
  else window.location.assign(res.body.url);
}
