import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, hasChromium, launchBrowser, NO_CHROMIUM_REASON } from '../helpers/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type TestServer } from '../helpers/server';

/**
 * Two-factor sign-in and passkeys in Chromium (decisions 0043, 0044): enrol an authenticator app from the
 * My account screen's secret, sign out, sign in with a code; register a passkey with Chromium's virtual
 * authenticator (DevTools protocol WebAuthn) and sign in with it alone. The site is opened at
 * http://localhost (a secure context whose host can be a WebAuthn relying party; an IP address cannot).
 */
const title = `two-factor sign-in and passkeys in the browser${hasChromium ? '' : ` — skipped: ${NO_CHROMIUM_REASON}`}`;

describe.skipIf(!hasChromium)(title, () => {
  let s: TestServer;
  let browser: Browser;
  let base: string;
  let t = Math.floor(Date.now() / 30_000) * 30_000 + 5_000;
  let secret = '';
  const totpCode = () => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: t });

  beforeAll(async () => {
    [s, browser] = await Promise.all([startServer({ pages: true }), launchBrowser()]);
    base = s.url.replace('127.0.0.1', 'localhost');
    s.services.config.publicUrl = base;
    s.services.authClock.now = () => new Date(t);
  });
  afterAll(async () => {
    await closeBrowser(browser);
    await s?.close();
  });

  async function signInWithPassword(page: Page) {
    await page.goto(`${base}/admin-login`);
    await page.getByLabel('Email').fill(ADMIN_EMAIL);
    await page.locator('#admin-login-password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
  }
  async function signOut(page: Page) {
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Yes,Logout' }).click();
    await page.waitForURL('**/admin-login');
  }

  it('enrols an authenticator app from the QR screen’s secret, signs out, and signs in with a code', async () => {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    await signInWithPassword(page);
    await page.waitForURL('**/admin-side-bar/dashboard');
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'My account' }).click();
    await page.getByRole('heading', { name: 'My account', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
    const qr = page.getByRole('img', { name: 'QR code for your authenticator app' });
    await qr.waitFor();
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
    await page.getByLabel('Code from the app').fill(totp.generate({ timestamp: t }));
    await page.getByRole('button', { name: 'Turn on' }).click();
    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await page.getByTestId('recovery-codes').waitFor();
    expect(await codes.count()).toBe(10);
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByRole('heading', { name: /Two-factor sign-in\s+On/ }).waitFor();

    await signOut(page);
    await signInWithPassword(page);
    await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
    // No session yet: the admin API still answers 401 in this browser.
    expect(await page.evaluate(async () => (await fetch('/api/admin/me')).status)).toBe(401);
    t += 30_000;
    await page.getByLabel('Authentication code').fill('000000' === totp.generate({ timestamp: t }) ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByTestId('form-error').getByText(/not correct/).waitFor();
    await page.getByLabel('Authentication code').fill(totp.generate({ timestamp: t }));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/admin-side-bar/dashboard');
    expect(await page.evaluate(async () => (await fetch('/api/admin/me')).status)).toBe(200);
    await ctx.close();
  }, 120_000);

  it('registers a passkey with the virtual authenticator and signs in with it, without a password', async () => {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    });

    // Signed in with the password and the authenticator app enrolled in the first test.
    await signInWithPassword(page);
    await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
    t += 30_000;
    await page.getByLabel('Authentication code').fill(totpCode());
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/admin-side-bar/dashboard');

    await page.goto(`${base}/admin-side-bar/my-account`);
    await page.getByLabel('Passkey name').fill('Test laptop');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByRole('cell', { name: 'Test laptop', exact: true }).first().waitFor();
    const creds = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(creds.credentials).toHaveLength(1);
    expect(creds.credentials[0]!.isResidentCredential).toBe(true);

    await signOut(page);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.waitForURL('**/admin-side-bar/dashboard');
    expect(await page.evaluate(async () => (await fetch('/api/admin/me')).status)).toBe(200);
    const rows = await s.services.store.db.selectFrom('admin_passkeys').select(['name', 'last_used_at', 'counter']).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.name).toBe('Test laptop');
    expect(rows[0]!.last_used_at).not.toBeNull();

    // As the second step after the password, too.
    await signOut(page);
    await signInWithPassword(page);
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await page.waitForURL('**/admin-side-bar/dashboard');
    await ctx.close();
  }, 120_000);
});
