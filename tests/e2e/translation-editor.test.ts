/**
 * The translation editor in Chromium (decision 0078): from the FAQ table the administrator opens the
 * Malayalam translation of a row, sees the English beside each field, saves a draft (the site keeps the
 * English), publishes, and the /ml/ page shows the translation; the table's column and filter and the
 * dashboard's work list follow; axe finds no serious or critical issue in the editor. A review's Hindi
 * translation meets the Rule 36 check of its language (findings, 409, override reason); an outdated
 * translation shows what changed in English and is marked as up to date. An event's speakers' designations
 * are translated in the same editor (decision 0080) and shown on its /ml/ page; the Settings screen's Hindi tab
 * translates the tagline, shows the server's Rule 36 findings, publishes it to /hi/ and marks an outdated
 * translation as up to date (decision 0081), keeps the text typed there across a save of the English and
 * previews its draft (decision 0103).
 */
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { eventPath } from '../../content/rules/slug';
import { hasChromium, NO_CHROMIUM_REASON, seriousViolations } from '../helpers/browser';
import { file, pngBytes } from '../helpers/files';
import { call, type Json } from '../helpers/server';
import { adminBrowser, tableRows } from './admin-helpers';

const title = `the translation editor in the admin (decision 0078)${hasChromium ? '' : ` — skipped: ${NO_CHROMIUM_REASON}`}`;

const QUESTION = 'What should I bring to the first meeting?';
const ANSWER = 'Any notices, agreements and court papers you have received.';
const ML_QUESTION = 'ആദ്യ കൂടിക്കാഴ്ചയ്ക്ക് ഞാൻ എന്തൊക്കെ കൊണ്ടുവരണം?';
const ML_ANSWER = 'നിങ്ങൾക്ക് ലഭിച്ച നോട്ടീസുകളും കരാറുകളും കോടതി രേഖകളും.';

/**
 * In a Hindi translation form holding the superlative 'नंबर 1': the Rule 36 findings mark it, Publish is
 * refused by the server with the rule named, and the findings (with the override reason field) are returned.
 */
async function publishRefusedUnderRule36(form: Locator): Promise<Locator> {
  const findings = form.getByRole('region', { name: /Bar Council of India Rule 36/ });
  await findings.locator('mark').filter({ hasText: 'नंबर 1' }).waitFor();
  await form.getByRole('button', { name: 'Publish' }).click();
  await form
    .getByTestId('form-error')
    .filter({ hasText: /Not published: Bar Council of India Rule 36/ })
    .waitFor();
  return findings;
}

describe.skipIf(!hasChromium)(title, () => {
  const ui = adminBrowser({ env: { ADMIN_WRITE_RATE_LIMIT: '0' } });
  const row = (text: string) => tableRows(ui.page).filter({ hasText: text });
  const mlPage = async () => (await fetch(`${ui.s.url}/ml/faqs`)).text();

  it('translates a FAQ into Malayalam: work list, draft, publish, and the /ml/ page shows it', async () => {
    const added = await call(ui.s.url, '/api/faqs/addFaqs', {
      cookie: ui.cookie,
      json: { question: QUESTION, answer: ANSWER },
    });
    expect(added.status).toBe(200);

    // The dashboard's work list counts the missing translations and links to the filtered table.
    await ui.page.goto('/admin-side-bar/dashboard');
    await ui.page.getByRole('heading', { name: /Translations to do \(\d+\)/ }).waitFor();
    const missing = ui.page.locator('a[href="/admin-side-bar/faqs?status=published&translation=ml:missing"]');
    await missing.waitFor();
    expect(await missing.textContent()).toBe('1 missing');
    await missing.click();
    await ui.page.getByRole('heading', { name: "FAQ's", level: 1 }).waitFor();
    expect(await ui.page.getByLabel('Translation', { exact: true }).inputValue()).toBe('ml:missing');
    await row(QUESTION).getByText('ML: missing').waitFor();
    await row(QUESTION).getByText('HI: missing').waitFor();

    // Translate: the editor shows the English beside each field.
    await row(QUESTION)
      .getByRole('button', { name: /^Translate .* into Malayalam:/ })
      .click();
    const editor = ui.page.getByRole('dialog', { name: `Malayalam translation: ${QUESTION}` });
    await editor.getByTestId('translation-state').filter({ hasText: 'missing' }).waitFor();
    await editor.getByRole('group', { name: 'Question in English' }).filter({ hasText: QUESTION }).waitFor();
    await editor.getByRole('group', { name: 'Description in English' }).filter({ hasText: ANSWER }).waitFor();
    expect(await editor.getByRole('button', { name: 'Draft with the model' }).count()).toBe(0);
    await editor.getByLabel('Question (Malayalam)').fill(ML_QUESTION);
    await editor.getByLabel('Description (Malayalam)').fill(ML_ANSWER);
    expect(await seriousViolations(ui.page)).toEqual([]);

    // Save draft: stored, but not on the site.
    await editor.getByRole('button', { name: 'Save draft' }).click();
    await ui.page.getByText('Malayalam draft saved. It is not on the site until you publish it.').first().waitFor();
    await editor.getByTestId('translation-state').filter({ hasText: 'draft' }).waitFor();
    expect(await mlPage()).not.toContain(ML_QUESTION);

    // Publish: on the site.
    await editor.getByRole('button', { name: 'Publish' }).click();
    await ui.page.getByText('Malayalam translation published').first().waitFor();
    await editor.getByTestId('translation-state').filter({ hasText: 'published' }).waitFor();
    expect(await seriousViolations(ui.page)).toEqual([]);
    await editor.locator('.modal-footer').getByRole('button', { name: 'Close' }).click();
    await editor.waitFor({ state: 'detached' });

    // The table: the row left the "missing" filter; under "published" it shows ML: published, HI: missing.
    await row(QUESTION).waitFor({ state: 'detached' });
    await ui.page.getByLabel('Translation', { exact: true }).selectOption('ml:published');
    await row(QUESTION).getByText('ML: published').waitFor();
    await row(QUESTION).getByText('HI: missing').waitFor();

    // The Malayalam page shows the translation.
    await expect.poll(mlPage).toContain(ML_QUESTION);
    const page = await ui.ctx.newPage();
    await page.goto('/ml/faqs');
    await page.getByText(ML_QUESTION).first().waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('ml');
    await page.close();
  }, 90_000);

  it('shows what changed in English for an outdated translation and marks it as up to date', async () => {
    const id = (
      await call(ui.s.url, '/api/faqs/addFaqs', {
        cookie: ui.cookie,
        json: { question: 'Do you take cases in Chennai?', answer: 'Yes, at our Chennai office.' },
      })
    ).body.faq.faqs_id as number;
    const put = await call(ui.s.url, `/api/content/faqs/${id}/translations/hi`, {
      cookie: ui.cookie,
      method: 'PUT',
      json: { question: 'क्या आप चेन्नई में मामले लेते हैं?', answer: 'हाँ, हमारे चेन्नई कार्यालय में।', status: 'published' },
    });
    expect(put.status).toBe(200);
    await call(ui.s.url, '/api/faqs/updatefaqs', {
      cookie: ui.cookie,
      json: {
        faqs_id: id,
        question: 'Do you take cases in Chennai?',
        answer: 'Yes, at our Chennai office on Anna Salai.',
      },
    });

    await ui.page.goto('/admin-side-bar/faqs');
    await ui.page.getByRole('heading', { name: "FAQ's", level: 1 }).waitFor();
    await ui.page.getByLabel('Translation', { exact: true }).selectOption('hi:outdated');
    await row('Do you take cases in Chennai?').getByText('HI: outdated').waitFor();
    await row('Do you take cases in Chennai?')
      .getByRole('button', { name: /^Translate .* into Hindi:/ })
      .click();
    const editor = ui.page.getByRole('dialog', { name: 'Hindi translation: Do you take cases in Chennai?' });
    await editor.getByTestId('translation-state').filter({ hasText: 'outdated' }).waitFor();
    await editor.getByText('Changed in English since:').waitFor();
    await editor.getByText('English when it was translated').click();
    await editor
      .getByRole('group', { name: 'Description in English when it was translated' })
      .filter({ hasText: 'Yes, at our Chennai office.' })
      .waitFor();
    await editor.getByRole('button', { name: 'Mark as up to date' }).click();
    await ui.page.getByText('Hindi translation marked as up to date').first().waitFor();
    await editor.getByTestId('translation-state').filter({ hasText: 'published' }).waitFor();
    await editor.locator('.modal-footer').getByRole('button', { name: 'Close' }).click();
    await row('Do you take cases in Chennai?').waitFor({ state: 'detached' });
  }, 60_000);

  it('checks a translated review under Rule 36 in its language: the passage is shown, publishing needs a reason', async () => {
    const added = await call(ui.s.url, '/api/clientreview/addClientreviews', {
      cookie: ui.cookie,
      json: { name: 'R. Menon', profession: 'Teacher', message: 'Clear advice on my tenancy dispute.' },
    });
    expect(added.status).toBe(200);
    await ui.page.goto('/admin-side-bar/review');
    await ui.page.getByRole('heading', { name: 'Reviews', level: 1 }).waitFor();
    await row('Clear advice on my tenancy dispute.')
      .getByRole('button', { name: /^Translate .* into Hindi:/ })
      .click();
    const editor = ui.page.getByRole('dialog', { name: 'Hindi translation: R. Menon' });
    await editor.getByLabel('Profession (Hindi)').fill('शिक्षिका');
    await editor.getByLabel('Feedback (Hindi)').fill('ये केरल के नंबर 1 वकील हैं।');
    const findings = await publishRefusedUnderRule36(editor);
    await editor.getByTestId('translation-state').filter({ hasText: 'missing' }).waitFor();
    expect(await seriousViolations(ui.page)).toEqual([]);
    // With a written reason it publishes (the reason goes to the audit log with the findings).
    await findings
      .getByLabel('Reason for publishing anyway (override)')
      .fill('The client’s own words, checked with her.');
    await editor.getByRole('button', { name: 'Publish' }).click();
    await ui.page.getByText('Hindi translation published').first().waitFor();
    await editor.getByTestId('translation-state').filter({ hasText: 'published' }).waitFor();
    const audit = await ui.s.services.store.db
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('target', '=', 'review@hi')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['publish']);
    expect(audit[0]!.detail).toContain('The client’s own words');
    await editor.locator('.modal-footer').getByRole('button', { name: 'Close' }).click();
    await row('Clear advice on my tenancy dispute.').getByText('HI: published').waitFor();
  }, 60_000);

  it("translates an event's speaker designations in its editor, and the /ml/ page of the event shows them", async () => {
    const title = 'Tenant Rights Open Evening';
    const f = new FormData();
    const fields: Record<string, string | Blob> = {
      event_title: title,
      event_description: 'An evening on the rights of tenants under the Kerala rent control law.',
      event_image: file(await pngBytes(320, 200), 'event.png', 'image/png'),
      event_address: 'Town Hall, Kochi',
      event_start_date: '2031-03-10',
      event_start_time: '10:00',
      event_end_date: '2031-03-10',
      event_end_time: '12:00',
      speakers: JSON.stringify([
        {
          speaker_name: 'Adv. Rekha Nair',
          designation: 'Senior Advocate',
          date: '',
          from_time: '',
          to_time: '',
          image: '',
        },
        {
          speaker_name: 'P. Mohan',
          designation: 'Rent Control Court Clerk',
          date: '',
          from_time: '',
          to_time: '',
          image: '',
        },
      ]),
    };
    for (const [k, v] of Object.entries(fields)) f.append(k, v);
    const added = await call(ui.s.url, '/api/event/addEvent', { cookie: ui.cookie, form: f });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const ML_DESIGNATION = 'മുതിർന്ന അഭിഭാഷക';

    await ui.page.goto('/admin-side-bar/event');
    await ui.page.getByRole('heading', { name: 'Events', level: 1 }).waitFor();
    await row(title)
      .getByRole('button', { name: /^Translate .* into Malayalam:/ })
      .click();
    const editor = ui.page.getByRole('dialog', { name: `Malayalam translation: ${title}` });
    await editor.getByTestId('translation-state').filter({ hasText: 'missing' }).waitFor();
    // Each speaker's designation beside its English, after the event's own fields.
    await editor
      .getByRole('group', { name: 'Speaker 1 — Designation in English' })
      .filter({ hasText: 'Senior Advocate' })
      .waitFor();
    await editor
      .getByRole('group', { name: 'Speaker 2 — Designation in English' })
      .filter({ hasText: 'Rent Control Court Clerk' })
      .waitFor();
    await editor.getByLabel('Speaker 1 — Designation (Malayalam)').fill(ML_DESIGNATION);
    expect(await seriousViolations(ui.page)).toEqual([]);
    await editor.getByRole('button', { name: 'Publish' }).click();
    await ui.page.getByText('Malayalam translation published').first().waitFor();
    await editor.getByTestId('translation-state').filter({ hasText: 'published' }).waitFor();
    const stored = await call(ui.s.url, `/api/content/event/${added.body.event.event_id}/translations/ml`, {
      cookie: ui.cookie,
    });
    expect(stored.body.translation.fields).toMatchObject({
      'speakers.0.designation': ML_DESIGNATION,
      'speakers.1.designation': '',
    });
    await editor.locator('.modal-footer').getByRole('button', { name: 'Close' }).click();
    await editor.waitFor({ state: 'detached' });

    const page = await ui.ctx.newPage();
    await page.goto(`/ml${eventPath(title)}`);
    await page.getByText(ML_DESIGNATION).first().waitFor();
    // The second speaker was not translated: English.
    await page.getByText('Rent Control Court Clerk').first().waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('ml');
    await page.close();
  }, 90_000);

  it("translates the settings' tagline into Hindi on the Settings screen: Rule 36, publish, /hi/, up to date", async () => {
    const HI_TAGLINE = 'स्पष्ट क़ानूनी सलाह, 1993 से';
    const english = (await call(ui.s.url, '/api/settings/getsettings')).body.settings as Json;
    await ui.page.goto('/admin-side-bar/settings');
    await ui.page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    const tab = ui.page.getByRole('tab', { name: /^Hindi translation/ });
    await tab.click();
    const panel = ui.page.getByRole('tabpanel', { name: /^Hindi translation/ });
    await panel.getByRole('group', { name: 'Tagline in English' }).filter({ hasText: english.tagline }).waitFor();
    const tagline = panel.getByLabel('Tagline (Hindi)');
    // A superlative: the check of the Hindi rules marks it, and the server refuses to publish it.
    await tagline.fill('केरल के नंबर 1 वकील');
    const findings = await publishRefusedUnderRule36(panel);
    await findings.getByText('Tagline:').first().waitFor();
    expect(await seriousViolations(ui.page)).toEqual([]);

    await tagline.fill(HI_TAGLINE);
    await findings.waitFor({ state: 'detached' });
    await panel.getByRole('button', { name: 'Save draft' }).click();
    await ui.page.getByText('Hindi draft saved. It is not on the site until you publish it.').first().waitFor();
    await panel.getByRole('button', { name: 'Publish' }).click();
    await ui.page.getByText('Hindi translation published').first().waitFor();
    await panel.getByTestId('translation-state').filter({ hasText: 'published' }).waitFor();
    await ui.page.getByRole('tab', { name: 'Hindi translation published' }).waitFor();
    expect(await seriousViolations(ui.page)).toEqual([]);
    await expect.poll(async () => (await fetch(`${ui.s.url}/hi/`)).text()).toContain(HI_TAGLINE);
    expect(await (await fetch(`${ui.s.url}/`)).text()).not.toContain(HI_TAGLINE);

    // The English tagline changes: the Hindi translation is outdated, and still holds, so it is marked up to date.
    const changed = await call(ui.s.url, '/api/settings/updatesettings', {
      cookie: ui.cookie,
      json: { ...english, tagline: `${english.tagline as string} since 1993` },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    try {
      // The dashboard's work list counts it and opens the Settings screen on the Hindi tab.
      await ui.page.goto('/admin-side-bar/dashboard');
      const outdated = ui.page.locator('a[href="/admin-side-bar/settings?language=hi"]');
      await outdated.waitFor();
      expect(await outdated.textContent()).toBe('1 outdated');
      await outdated.click();
      await ui.page.getByRole('tab', { name: 'Hindi translation outdated', selected: true }).waitFor();
      await panel.getByTestId('translation-state').filter({ hasText: 'outdated' }).waitFor();
      await panel.getByText('Changed in English since:').filter({ hasText: 'Tagline' }).waitFor();
      await panel.getByRole('button', { name: 'Mark as up to date' }).click();
      await ui.page.getByText('Hindi translation marked as up to date').first().waitFor();
      await ui.page.getByRole('tab', { name: 'Hindi translation published' }).waitFor();
    } finally {
      await call(ui.s.url, '/api/settings/updatesettings', { cookie: ui.cookie, json: english });
    }
  }, 90_000);

  it('keeps the Hindi text typed and not saved when the English settings are saved, and previews the Hindi draft', async () => {
    const TYPED = 'हर मामले में साफ़ क़ानूनी सलाह';
    const english = (await call(ui.s.url, '/api/settings/getsettings')).body.settings as Json;
    await ui.page.goto('/admin-side-bar/settings?language=hi');
    const panel = ui.page.getByRole('tabpanel', { name: /^Hindi translation/ });
    const tagline = panel.getByLabel('Tagline (Hindi)');
    await tagline.fill(TYPED);
    // Without a model configured there is no "Draft with the model".
    expect(await panel.getByRole('button', { name: 'Draft with the model' }).count()).toBe(0);

    // The English tagline is changed and saved on the English tab while the Hindi text is unsaved.
    await ui.page.getByRole('tab', { name: 'English' }).click();
    const englishTagline = ui.page.getByLabel('Tagline', { exact: true });
    await englishTagline.fill(`${english.tagline as string} in Kerala`);
    await ui.page.getByRole('button', { name: 'Save Settings' }).click();
    await ui.page.getByText('Settings updated successfully').first().waitFor();
    try {
      await ui.page.getByRole('tab', { name: /^Hindi translation/ }).click();
      // The new English is shown beside the text typed before, which is still there.
      await panel
        .getByRole('group', { name: 'Tagline in English' })
        .filter({ hasText: `${english.tagline as string} in Kerala` })
        .waitFor();
      expect(await tagline.inputValue()).toBe(TYPED);

      // Saved as a draft, the Hindi home page with it opens from "Preview" in a new tab; the site keeps its text.
      await panel.getByRole('button', { name: 'Save draft' }).click();
      await ui.page.getByText('Hindi draft saved. It is not on the site until you publish it.').first().waitFor();
      const [preview] = await Promise.all([
        ui.page.context().waitForEvent('page'),
        panel.getByRole('button', { name: 'Preview' }).click(),
      ]);
      await preview.waitForURL(/\/preview\/[A-Za-z0-9_-]{43}$/);
      await preview.getByText(TYPED).first().waitFor();
      expect(await preview.locator('html').getAttribute('lang')).toBe('hi');
      await preview.close();
      expect(await (await fetch(`${ui.s.url}/hi/`)).text()).not.toContain(TYPED);
    } finally {
      await call(ui.s.url, '/api/settings/updatesettings', { cookie: ui.cookie, json: english });
    }
  }, 90_000);
});
