/** closeBrowser: Chromium's close, waited for at most 15 s (then left to Playwright's exit handler). */
import type { Browser } from 'playwright-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeBrowser } from './browser';

/** A Browser whose close() ends when `end` is called (never, unless called). */
function fakeBrowser(): { browser: Browser; closes: () => number; end: () => void } {
  let calls = 0;
  let end = () => undefined as void;
  const closed = new Promise<void>((resolve) => (end = resolve));
  const browser = {
    close: () => {
      calls++;
      return closed;
    },
  } as Pick<Browser, 'close'> as Browser;
  return { browser, closes: () => calls, end: () => end() };
}

describe('closeBrowser', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('waits for a browser that closes, and does nothing without one', async () => {
    const b = fakeBrowser();
    let done = false;
    const closing = closeBrowser(b.browser).then(() => (done = true));
    await Promise.resolve();
    expect(done).toBe(false);
    b.end();
    await closing;
    expect(b.closes()).toBe(1);
    await expect(closeBrowser(undefined)).resolves.toBeUndefined();
  });

  it('gives up after 15 s on a browser that does not close, with a warning', async () => {
    vi.useFakeTimers();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const b = fakeBrowser();
    let done = false;
    const closing = closeBrowser(b.browser).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(14_999);
    expect(done).toBe(false);
    expect(warn).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await closing;
    expect(done).toBe(true);
    expect(warn).toHaveBeenCalledWith('[test] Chromium did not close within 15 s; left to the exit handler');
    expect(vi.getTimerCount()).toBe(0);
  });
});
