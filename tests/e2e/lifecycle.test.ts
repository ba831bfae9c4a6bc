import { describe, expect, it } from 'vitest';
import { hasChromium, NO_CHROMIUM_REASON } from '../helpers/browser';
import { call } from '../helpers/server';
import { pngBytes } from '../helpers/files';
import { adminBrowser, tableRows } from './admin-helpers';

const title = `content lifecycle in the admin (decision 0015)${hasChromium ? '' : ` — skipped: ${NO_CHROMIUM_REASON}`}`;

describe.skipIf(!hasChromium)(title, () => {
  const ui = adminBrowser({ env: { ADMIN_WRITE_RATE_LIMIT: '0' } });

  const publicFaqs = async () => ((await call(ui.s.url, '/api/faqs/getallfaqs')).body.faq as { faqs_id: number; question: string }[]).map((f) => f.question);
  const form = () => ui.page.locator('form').first();
  const row = (text: string) => tableRows(ui.page).filter({ hasText: text });

  async function openFaqs() {
    await ui.page.goto('/admin-side-bar/faqs');
    await ui.page.getByRole('heading', { name: "FAQ's", level: 1 }).waitFor();
    await ui.page.getByText('Loading...').waitFor({ state: 'detached' });
  }

  it('saves a draft, previews it in a new tab, publishes, restores from History, trashes and restores', async () => {
    await openFaqs();
    await ui.page.locator('#admin-faqs-question').fill('Can I bring a friend to the meeting?');
    await ui.page.locator('#admin-faqs-answer').fill('Yes, anyone you trust.');
    await form().getByRole('button', { name: 'Save draft' }).click();
    await row('Can I bring a friend').getByText('Draft', { exact: true }).waitFor();
    expect(await publicFaqs()).not.toContain('Can I bring a friend to the meeting?');

    // Preview opens the public page in a new tab, marked, without publishing.
    await row('Can I bring a friend').getByRole('button', { name: /^Edit / }).click();
    await form().getByRole('button', { name: 'Update' }).waitFor();
    const [tab] = await Promise.all([ui.ctx.waitForEvent('page'), form().getByRole('button', { name: 'Preview' }).click()]);
    await tab.waitForURL(/\/preview\//);
    await tab.getByText('Preview: not published').waitFor();
    await tab.getByText('Can I bring a friend to the meeting?').first().waitFor();
    await tab.close();

    // Publish: on the site.
    await form().getByRole('button', { name: 'Publish' }).click();
    await row('Can I bring a friend').getByText('Published', { exact: true }).waitFor();
    await expect.poll(publicFaqs).toContain('Can I bring a friend to the meeting?');

    // An update, then History restores the published text.
    await row('Can I bring a friend').getByRole('button', { name: /^Edit / }).click();
    await ui.page.locator('#admin-faqs-question').fill('Can I bring two friends to the meeting?');
    await form().getByRole('button', { name: 'Update' }).click();
    await row('Can I bring two friends').waitFor();
    await expect.poll(publicFaqs).toContain('Can I bring two friends to the meeting?');
    await row('Can I bring two friends').getByRole('button', { name: /^History of / }).click();
    const history = ui.page.getByRole('dialog');
    await history.getByText('Saved', { exact: true }).waitFor();
    await history.getByRole('button', { name: 'Compare' }).first().click();
    await history.getByText('Can I bring a friend to the meeting?').waitFor();
    await history.getByRole('button', { name: 'Restore this version' }).first().click();
    await history.waitFor({ state: 'detached' });
    await expect.poll(publicFaqs).toContain('Can I bring a friend to the meeting?');
    await row('Can I bring a friend').waitFor();

    // Delete goes to the trash; the Trash view restores it.
    await row('Can I bring a friend').getByRole('button', { name: /^Delete / }).click();
    await ui.page.getByRole('dialog').getByText(/goes to the trash/).waitFor();
    await ui.page.getByRole('dialog').getByRole('button', { name: 'Yes, Delete' }).click();
    await ui.page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(publicFaqs).not.toContain('Can I bring a friend to the meeting?');
    await ui.page.getByLabel('Show').selectOption('trash');
    await row('Can I bring a friend').getByRole('button', { name: /^Restore / }).click();
    await expect.poll(publicFaqs).toContain('Can I bring a friend to the meeting?');
    await ui.page.getByLabel('Show').selectOption('all');
    await row('Can I bring a friend').waitFor();
  }, 90_000); // a long flow of many steps: room for a loaded machine

  it('reorders by keyboard with Move up / Move down, and the public list follows', async () => {
    for (const q of ['Alpha question?', 'Beta question?', 'Gamma question?']) {
      await call(ui.s.url, '/api/faqs/addFaqs', { cookie: ui.cookie, json: { question: q, answer: 'An answer.' } });
    }
    await openFaqs();
    const order = async () => (await publicFaqs()).filter((q) => /^(Alpha|Beta|Gamma) question\?$/.test(q));
    expect(await order()).toEqual(['Alpha question?', 'Beta question?', 'Gamma question?']);
    const down = row('Alpha question?').getByRole('button', { name: /^Move down / });
    await down.focus();
    await ui.page.keyboard.press('Enter');
    await expect.poll(order).toEqual(['Beta question?', 'Alpha question?', 'Gamma question?']);
    // Focus stays on the moved row's button: a second Enter moves it again.
    await expect.poll(() => ui.page.evaluate(() => document.activeElement?.closest('tr')?.textContent ?? '')).toContain('Alpha question?');
    await ui.page.keyboard.press('Enter');
    await expect.poll(order).toEqual(['Beta question?', 'Gamma question?', 'Alpha question?']);
    await row('Gamma question?').getByRole('button', { name: /^Move up / }).focus();
    await ui.page.keyboard.press('Space');
    await expect.poll(order).toEqual(['Gamma question?', 'Beta question?', 'Alpha question?']);
  });

  it('asks for the alt text of a new image, saves it, and flags images whose alt text came from the title', async () => {
    // A gallery item added through the spec's call has no alt text of its own: flagged in the table.
    const png = await pngBytes(40, 30, '#335577');
    const spec = new FormData();
    spec.append('title', 'Spec call picture');
    spec.append('gallery_image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'spec.png');
    expect((await call(ui.s.url, '/api/gallery/addgallery', { cookie: ui.cookie, form: spec })).status).toBe(200);

    await ui.page.goto('/admin-side-bar/gallery');
    await ui.page.getByRole('heading', { name: 'Gallery', level: 1 }).waitFor();
    await ui.page.getByText('Loading...').waitFor({ state: 'detached' });
    await row('Spec call picture').getByText('Alt text needed').waitFor();

    // The form: the alt text input is beside the image and required once a new file is chosen.
    await ui.page.locator('#admin-gallery-title').fill('Form picture');
    const alt = ui.page.locator('#admin-gallery-gallery_image-alt');
    expect(await alt.getAttribute('required')).toBeNull();
    await ui.page.locator('#admin-gallery-gallery_image').setInputFiles({ name: 'form.png', mimeType: 'image/png', buffer: png });
    expect(await alt.getAttribute('required')).not.toBeNull();
    await ui.page.getByText('Alt text (required)').waitFor();
    await form().getByRole('button', { name: 'Add', exact: true }).click();
    await ui.page.getByText('Please enter the alt text of the image.').first().waitFor();
    await alt.fill('A partner signing a contract at a desk');
    await form().getByRole('button', { name: 'Add', exact: true }).click();
    await row('Form picture').waitFor();
    expect(await row('Form picture').getByText('Alt text needed').count()).toBe(0);
    const list = (await call(ui.s.url, '/api/gallery/getallGallery')).body.gallery as { title: string; gallery_image_alt: string; alt_flagged: number }[];
    expect(list.find((g) => g.title === 'Form picture')).toMatchObject({ gallery_image_alt: 'A partner signing a contract at a desk', alt_flagged: 0 });

    // The dashboard's work list names the flagged image and links to its place.
    await ui.page.goto('/admin-side-bar/dashboard');
    await ui.page.getByRole('heading', { name: /Images without alt text \(\d+\)/ }).waitFor();
    const link = ui.page.getByRole('link', { name: 'Spec call picture' });
    expect(await link.getAttribute('href')).toBe('/admin-side-bar/gallery');
  });

  it('asks before leaving a form with unsaved changes', async () => {
    await openFaqs();
    await ui.page.locator('#admin-faqs-question').fill('Half-typed question');
    let asked = '';
    ui.page.once('dialog', (d) => {
      asked = d.message();
      void d.dismiss();
    });
    await ui.page.getByRole('link', { name: 'Blogs' }).first().click();
    await expect.poll(() => asked).toContain('unsaved changes');
    expect(new URL(ui.page.url()).pathname).toBe('/admin-side-bar/faqs');
    await expect.poll(() => ui.page.locator('#admin-faqs-question').inputValue()).toBe('Half-typed question');
  });
});
