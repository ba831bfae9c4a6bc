/**
 * The page-view beacon of the public pages (decision 0058): one classic inline script before </body>,
 * allowed by its hash like every inline script (decision 0003), sending the path, the query (only
 * utm_campaign is read) and the referrer with navigator.sendBeacon: no cookie, no storage, nothing waits
 * for it. A browser that says DNT or GPC sends nothing; the server checks the same headers again.
 */
export const BEACON_SCRIPT =
  "(()=>{const n=navigator,l=location;n.doNotTrack=='1'||n.globalPrivacyControl||n.sendBeacon?.('/api/insights/hit',JSON.stringify({p:l.pathname,s:l.search,r:document.referrer}))})()";

/** Adds the beacon before </body> of a public page answered 200 (a missing page is counted apart). */
export function withBeacon(html: string): string {
  const end = html.lastIndexOf('</body>');
  if (end < 0) return html;
  return `${html.slice(0, end)}<script>${BEACON_SCRIPT}</script>${html.slice(end)}`;
}
