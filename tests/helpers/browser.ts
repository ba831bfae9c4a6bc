import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Browser tests are skipped (with this reason) where no Chromium exists. */
export const hasChromium = existsSync(CHROMIUM_PATH);
export const NO_CHROMIUM_REASON = `no Chromium at ${CHROMIUM_PATH} (set CHROMIUM_PATH)`;
/** A desktop browser's agent (headless Chromium names itself HeadlessChrome, which the insights count as a bot). */
export const DESKTOP_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

/** Headless Chromium for a test file; closed with closeBrowser. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-dev-shm-usage',
    ],
  });
}

/** How long closeBrowser waits for Chromium to exit. */
const CLOSE_WAIT_MS = 15_000;

/**
 * Closes a browser from launchBrowser (nothing when none was launched), waiting at most 15 s: a Chromium that
 * does not exit by then (seen once in CI on a loaded machine, where the file's afterAll then timed out after
 * 120 s) is left to Playwright's exit handler, which kills it when the test worker ends.
 */
export async function closeBrowser(browser: Browser | undefined): Promise<void> {
  if (!browser) return;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      console.warn('[test] Chromium did not close within 15 s; left to the exit handler');
      resolve();
    }, CLOSE_WAIT_MS);
  });
  await Promise.race([browser.close(), late]).finally(() => clearTimeout(timer));
}

/**
 * Waits until the page's scripts have run: a public page once its islands are hydrated (decision 0028:
 * `.public-site[data-hydrated="true"]`), an admin screen once React Router has loaded its route modules.
 */
export async function waitForHydration(page: Page, timeout = 15_000): Promise<void> {
  await page.waitForFunction(
    () =>
      document.querySelector('.public-site[data-hydrated="true"]') !== null ||
      (window as unknown as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules !== undefined,
    undefined,
    { timeout },
  );
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core violations of impact serious or critical on the current page (each node: its HTML and why). */
export async function seriousViolations(page: Page): Promise<{ id: string; impact: string; nodes: string[] }[]> {
  // A dialog still fading in is read at part opacity (contrast 3.4 where it is 7 once shown): let every
  // running transition or finite animation end first (an endless one, a ticker, is not waited for), at most 3 s.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 3000)),
    ]),
  );
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            ctx: Document,
            o: object,
          ): Promise<{
            violations: { id: string; impact?: string; nodes: { html: string; failureSummary?: string }[] }[];
          }>;
        };
      }
    ).axe;
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact ?? '',
        nodes: v.nodes.slice(0, 3).map((n) => `${n.html} ${n.failureSummary ?? ''}`),
      }));
  });
}
