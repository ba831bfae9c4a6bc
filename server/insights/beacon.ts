/**
 * The page-view beacon of the public pages (decision 0058): one classic inline script before </body>,
 * allowed by its hash like every inline script (decision 0003), sending the path, the query (only
 * utm_campaign is read) and the referrer with navigator.sendBeacon: no cookie, no storage, nothing waits
 * for it. A browser that says DNT or GPC sends nothing; the server checks the same headers again. It is sent
 * once, after the page has loaded and the browser has reported its first contentful paint, or, if the visitor
 * leaves before that, as the page is hidden; so it never competes with the page's own files for the first
 * paint (decisions 0108, 0109). A browser without paint timing (none current) sends it as the page is hidden.
 */
export const BEACON_SCRIPT =
  "(()=>{const n=navigator,l=location,a=addEventListener;if(n.doNotTrack=='1'||n.globalPrivacyControl)return;let d=0;const s=()=>{d||(d=1,n.sendBeacon('/api/insights/hit',JSON.stringify({p:l.pathname,s:l.search,r:document.referrer})))};a('pagehide',s);a('load',()=>new PerformanceObserver(e=>e.getEntriesByName('first-contentful-paint')[0]&&setTimeout(s)).observe({type:'paint',buffered:!0}))})()";

/** Adds the beacon before </body> of a public page answered 200 (a missing page is counted apart). */
export function withBeacon(html: string): string {
  const end = html.lastIndexOf('</body>');
  if (end < 0) return html;
  return `${html.slice(0, end)}<script>${BEACON_SCRIPT}</script>${html.slice(end)}`;
}
