/**
 * Administrator accounts in the browser: 'Forgot Password?' opens the request form, the emailed link's
 * page sets a new password, the Administrators page invites and removes, and the Audit Log page lists
 * those changes newest first and searches them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, hasChromium, launchBrowser, NO_CHROMIUM_REASON, seriousViolations } from '../helpers/browser';
import { ADMIN_EMAIL, startServer, type TestServer } from '../helpers/server';
import { until } from '../helpers/mail-sink';
import { adminContext } from './admin-helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startServer({ pages: true, env: { MAIL_POLL_MS: '50' } });
});
afterAll(() => s?.close());

/** The link in the newest message to an address. */
async function linkTo(to: string): Promise<string> {
  const row = await until(
    () =>
      s.services.store.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('to_address', '=', to)
        .orderBy('mail_id', 'desc')
        .executeTakeFirst(),
    (r) => !!r,
    10_000,
    `mail to ${to}`,
  );
  const m = /(https?:\/\/\S+\/admin-login\/reset-password\?\S+)/.exec(row!.text_body);
  if (!m) throw new Error('no link in the mail');
  return m[1]!;
}

describe.skipIf(!hasChromium)(
  `administrator accounts in Chromium (${hasChromium ? 'Chromium found' : NO_CHROMIUM_REASON})`,
  () => {
    it("invites from the Administrators page, sets the password through the emailed link, and 'Forgot Password?' resets it", async () => {
      const browser = await launchBrowser();
      try {
        const ctx = await adminContext(browser, s);
        const page = await ctx.newPage();
        await page.goto(`${s.url}/admin-side-bar/admins`);
        await page.getByRole('heading', { name: 'Administrators', level: 1 }).waitFor();
        await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Administrators' }).waitFor();
        await page
          .getByRole('row', { name: new RegExp(ADMIN_EMAIL) })
          .getByText('Active')
          .waitFor();

        await page.getByRole('button', { name: 'Send invitation' }).click();
        await page.getByTestId('form-error').getByText('Please enter an email address.').first().waitFor();
        await page.getByLabel('Email').fill('new.partner@test.example');
        await page.getByRole('button', { name: 'Send invitation' }).click();
        await page
          .getByRole('row', { name: /new\.partner@test\.example/ })
          .getByText('Invitation pending')
          .waitFor();
        expect(await seriousViolations(page)).toEqual([]);

        // The change-own-password form (under My account) checks the repeat before asking the server.
        await page.goto(`${s.url}/admin-side-bar/my-account`);
        await page.getByRole('heading', { name: 'My account', level: 1 }).waitFor();
        await page.getByLabel('Current password').fill('whatever it is');
        await page.getByLabel('New password', { exact: true }).fill('plum orchard quietly 9');
        await page.getByLabel('Repeat the new password').fill('plum orchard quietly 8');
        await page.getByRole('button', { name: 'Change password' }).click();
        await page.getByText('The new passwords do not match.').first().waitFor();

        // The invited person opens the link in another browser and chooses a password.
        const invite = await linkTo('new.partner@test.example');
        const visitor = await browser.newContext();
        const vpage = await visitor.newPage();
        await vpage.goto(invite);
        await vpage.getByRole('heading', { name: 'Choose your password' }).waitFor();
        await vpage.getByLabel('New password', { exact: true }).fill('password1234');
        await vpage.getByLabel('Repeat the new password').fill('password1234');
        await vpage.getByRole('button', { name: 'Save password' }).click();
        await vpage
          .getByTestId('form-error')
          .getByText(/too common/)
          .waitFor();
        await vpage.getByLabel('New password', { exact: true }).fill('amber kettle horizon 5');
        await vpage.getByLabel('Repeat the new password').fill('amber kettle horizon 5');
        await vpage.getByRole('button', { name: 'Save password' }).click();
        await vpage.getByTestId('reset-done').getByText('Your password is set. You can sign in now.').waitFor();
        expect(await seriousViolations(vpage)).toEqual([]);

        // 'Forgot Password?' on the login page is a link to the request form.
        await vpage.goto(`${s.url}/admin-login`);
        await vpage.getByRole('link', { name: 'Forgot Password?' }).click();
        await vpage.waitForURL('**/admin-login/forgot-password');
        await vpage.getByLabel('Email').fill('new.partner@test.example');
        await vpage.getByRole('button', { name: 'Send reset link' }).click();
        await vpage
          .getByTestId('forgot-sent')
          .getByText(/expires in 30 minutes/)
          .waitFor();
        expect(await seriousViolations(vpage)).toEqual([]);
        const reset = await linkTo('new.partner@test.example');
        expect(reset).not.toBe(invite);
        await vpage.goto(reset);
        await vpage.getByRole('heading', { name: 'Choose a new password' }).waitFor();
        await vpage.getByLabel('New password', { exact: true }).fill('cobalt meadow lantern 3');
        await vpage.getByLabel('Repeat the new password').fill('cobalt meadow lantern 3');
        await vpage.getByRole('button', { name: 'Save password' }).click();
        await vpage.getByTestId('reset-done').waitFor();
        // The same link a second time.
        await vpage.goto(reset);
        await vpage.getByLabel('New password', { exact: true }).fill('another calm phrase 1');
        await vpage.getByLabel('Repeat the new password').fill('another calm phrase 1');
        await vpage.getByRole('button', { name: 'Save password' }).click();
        await vpage
          .getByTestId('form-error')
          .getByText('This link is invalid or has expired. Please ask for a new one.')
          .waitFor();
        await visitor.close();

        // Back in the admin: the account is active; remove it.
        await page.goto(`${s.url}/admin-side-bar/admins`);
        const row = page.getByRole('row', { name: /new\.partner@test\.example/ });
        await row.getByText('Active').waitFor();
        await row.getByRole('button', { name: 'Remove new.partner@test.example' }).click();
        await page.getByRole('button', { name: 'Yes, Remove' }).click();
        await row.waitFor({ state: 'detached' });

        // The Audit Log lists it all, newest first, and searches.
        await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Audit Log' }).click();
        await page.getByRole('heading', { name: 'Audit Log', level: 1 }).waitFor();
        const actions = page.locator('table.admin-table > tbody > tr > td:nth-child(3)');
        await expect.poll(() => actions.allTextContents()).toEqual(['remove', 'invite']);
        await page.getByLabel('Search').fill('remove');
        await expect.poll(() => actions.allTextContents()).toEqual(['remove']);
        await page.getByTestId('audit-total').getByText('1 entry').waitFor();
        await page.getByLabel('Search').fill('nothing like this');
        await page.getByText('No entries match the search.').waitFor();
        expect(await seriousViolations(page)).toEqual([]);
        await ctx.close();
      } finally {
        await closeBrowser(browser);
      }
    }, 180_000);
  },
);
