import { beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, NO_CHROMIUM_REASON, seriousViolations } from '../helpers/browser';
import { pdfBytes, pngBytes } from '../helpers/files';
import { call, type Json } from '../helpers/server';
import { adminBrowser, tableRows } from './admin-helpers';

const title = `admin events, case details, site settings${hasChromium ? '' : ` — skipped: ${NO_CHROMIUM_REASON}`}`;

describe.skipIf(!hasChromium)(title, () => {
  const ui = adminBrowser();
  let png: Buffer;

  beforeAll(async () => {
    png = await pngBytes(32, 32, '#335577');
  });

  const form = () => ui.page.locator('form').first();
  const formError = (text: string) => ui.page.getByTestId('form-error').getByText(text, { exact: true }).waitFor();

  it('events: two speakers, the view modal, 12-hour times, Read More, edit and delete', async () => {
    await ui.page.goto('/admin-side-bar/event');
    await ui.page.getByRole('heading', { name: 'Events', level: 1 }).waitFor();
    await tableRows(ui.page).getByText('No events available.').waitFor();

    await form().getByRole('button', { name: 'Add', exact: true }).click();
    await formError('Please provide Title, Description, and an image or video.');

    const description =
      'A full day of talks on family and property law, with open questions from the audience at the end of every session.';
    await ui.page.locator('#admin-event-event_title').fill('Law Day 2027');
    await ui.page.locator('#admin-event-event_description').fill(description);
    await ui.page.locator('#admin-event-event_image').setInputFiles({ name: 'e.png', mimeType: 'image/png', buffer: png });
    await ui.page.locator('#admin-event-event_image-alt').fill('The town hall stage set for Law Day');
    await ui.page.locator('#admin-event-event_start_date').fill('2027-03-05');
    await ui.page.locator('#admin-event-event_start_time').fill('09:30');
    await ui.page.locator('#admin-event-event_end_date').fill('2027-03-05');
    await ui.page.locator('#admin-event-event_end_time').fill('17:15');
    await ui.page.locator('#admin-event-event_address').fill('Town Hall, Kochi');

    // Speaker rows: the first, an extra one removed again, a second, and an empty third that is dropped.
    const rows = ui.page.getByTestId('speaker-row');
    await rows.nth(0).getByLabel('Speaker Name').fill('Asha Menon');
    await rows.nth(0).getByLabel('Designation').fill('Senior Advocate');
    await rows.nth(0).getByLabel('Date').fill('2027-03-05');
    await rows.nth(0).getByLabel('From Time').fill('10:00');
    await rows.nth(0).getByLabel('To Time').fill('11:00');
    await rows
      .nth(0)
      .getByLabel('Speaker 1 Image')
      .setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: png });
    await ui.page.getByRole('button', { name: 'Add speaker' }).click();
    await rows.nth(1).getByLabel('Speaker Name').fill('Removed Person');
    await ui.page.getByRole('button', { name: 'Remove speaker 2' }).click();
    expect(await rows.count()).toBe(1);
    await ui.page.getByRole('button', { name: 'Add speaker' }).click();
    await rows.nth(1).getByLabel('Speaker Name').fill('Ravi Iyer');
    await rows.nth(1).getByLabel('Designation').fill('Judge (retd.)');
    await rows.nth(1).getByLabel('From Time').fill('14:00');
    await rows.nth(1).getByLabel('To Time').fill('15:30');
    await ui.page.getByRole('button', { name: 'Add speaker' }).click();
    expect(await rows.count()).toBe(3);

    await form().getByRole('button', { name: 'Add', exact: true }).click();
    await tableRows(ui.page).getByText('Law Day 2027').waitFor();
    const list = (await call(ui.s.url, '/api/event/getAllEvents')).body.data as Json[];
    expect(list).toHaveLength(1);
    const ev = list[0];
    expect(ev).toMatchObject({
      event_title: 'Law Day 2027',
      event_start_time: '09:30',
      event_address: 'Town Hall, Kochi',
    });
    expect(ev.speakers.map((x: Json) => x.speaker_name)).toEqual(['Asha Menon', 'Ravi Iyer']);
    expect(ev.speakers[0].image).toMatch(/^uploads\//);
    expect(ev.speakers[1].image).toBe('');
    expect(await rows.count()).toBe(1);

    // The table: DD/MM/YYYY with 12-hour times, and the description toggle above 100 characters.
    const row = tableRows(ui.page).first();
    await row.getByText('05/03/2027 9:30 AM').waitFor();
    await row.getByText('05/03/2027 5:15 PM').waitFor();
    await row.getByText(`${description.slice(0, 100)}...`).waitFor();
    await row.getByRole('button', { name: 'Read More' }).click();
    await row.getByText(description).waitFor();
    await row.getByRole('button', { name: 'Read Less' }).click();
    await row.getByRole('button', { name: 'Read More' }).waitFor();

    // The view button opens the speaker details.
    await row.getByRole('button', { name: 'View speakers of event 1' }).click();
    const modal = ui.page.getByRole('dialog');
    await modal.getByText('Speaker Details').waitFor();
    await modal.getByText('Asha Menon').waitFor();
    await modal.getByText('Senior Advocate').waitFor();
    await modal.getByText('05/03/2027').waitFor();
    await modal.getByText('10:00 AM - 11:00 AM').waitFor();
    await modal.getByText('Ravi Iyer').waitFor();
    await modal.getByText('2:00 PM - 3:30 PM').waitFor();
    await modal.getByRole('img', { name: 'Photo of Asha Menon' }).waitFor();
    expect(await seriousViolations(ui.page)).toEqual([]);
    await modal.getByRole('button', { name: 'Close' }).click();
    await modal.waitFor({ state: 'detached' });

    // Edit: the speakers come back, the stored photo is kept, one speaker is removed; no new image needed.
    await ui.page.getByRole('button', { name: 'Edit event Law Day 2027' }).click();
    await form().getByRole('button', { name: 'Update', exact: true }).waitFor();
    expect(await rows.count()).toBe(2);
    expect(await rows.nth(1).getByLabel('Speaker Name').inputValue()).toBe('Ravi Iyer');
    await ui.page.getByRole('button', { name: 'Remove speaker 2' }).click();
    await ui.page.locator('#admin-event-event_title').fill('Law Day 2027 (revised)');
    await form().getByRole('button', { name: 'Update', exact: true }).click();
    await form().getByRole('button', { name: 'Add', exact: true }).waitFor();
    const edited = (await call(ui.s.url, '/api/event/getAllEvents')).body.data[0];
    expect(edited.event_title).toBe('Law Day 2027 (revised)');
    expect(edited.event_image).toBe(ev.event_image);
    expect(edited.speakers).toHaveLength(1);
    expect(edited.speakers[0].image).toBe(ev.speakers[0].image);

    await ui.page.getByRole('button', { name: 'Delete event Law Day 2027 (revised)' }).click();
    await ui.page.getByRole('dialog').getByRole('button', { name: 'Yes, Delete' }).click();
    await tableRows(ui.page).getByText('No events available.').waitFor();
    expect((await call(ui.s.url, '/api/event/getAllEvents')).body.data).toHaveLength(0);
  });

  it('case details: the category drives the title select; file or description; edit and delete', async () => {
    const cat = async (name: string) => {
      const f = new FormData();
      f.append('case_name', name);
      return (await call(ui.s.url, '/api/caseCategory/addcase', { cookie: ui.cookie, form: f })).body.case.case_category_id as number;
    };
    const family = await cat('Family Law');
    const tax = await cat('Tax Law');
    await cat('Empty Category');
    for (const t of ['Custody', 'Divorce'])
      await call(ui.s.url, '/api/cases/addcase', { cookie: ui.cookie, json: { case_title_name: t, case_category_id: family } });
    await call(ui.s.url, '/api/cases/addcase', { cookie: ui.cookie, json: { case_title_name: 'GST appeal', case_category_id: tax } });

    await ui.page.goto('/admin-side-bar/case-details');
    await ui.page.getByRole('heading', { name: 'Case Details', level: 1 }).waitFor();
    await tableRows(ui.page).getByText('No case details found.').waitFor();
    const category = ui.page.locator('#admin-caseDetails-case_category_id');
    const titleSelect = ui.page.locator('#admin-caseDetails-case_id');
    await category.locator('option', { hasText: 'Tax Law' }).waitFor({ state: 'attached' });
    expect(await titleSelect.isDisabled()).toBe(true);

    await category.selectOption({ label: 'Family Law' });
    await expect.poll(() => titleSelect.isEnabled()).toBe(true);
    expect(await titleSelect.locator('option').allTextContents()).toEqual(['Select Case Title', 'Custody', 'Divorce']);
    await titleSelect.selectOption({ label: 'Divorce' });

    // Another category clears the chosen title and loads its own titles.
    await category.selectOption({ label: 'Tax Law' });
    await expect
      .poll(async () => (await titleSelect.locator('option').allTextContents()).join('|'))
      .toBe('Select Case Title|GST appeal');
    expect(await titleSelect.inputValue()).toBe('');

    // A category without titles: the warning, and the select stays disabled.
    await category.selectOption({ label: 'Empty Category' });
    await ui.page.getByText('No case titles available for selected category.').first().waitFor();
    await expect.poll(() => titleSelect.isDisabled()).toBe(true);

    await form().getByRole('button', { name: 'Add', exact: true }).click();
    await formError('Please select a case category and a case title.');

    await category.selectOption({ label: 'Family Law' });
    await expect.poll(() => titleSelect.isEnabled()).toBe(true);
    await titleSelect.selectOption({ label: 'Custody' });
    // An empty editor counts as empty.
    await ui.page.locator('#admin-caseDetails-case_content').click();
    await ui.page.keyboard.press('Enter');
    await form().getByRole('button', { name: 'Add', exact: true }).click();
    await formError('Please upload a file or enter a description (at least one)');
    expect(await ui.page.locator('#admin-caseDetails-case_file').getAttribute('accept')).toMatch(/\.pdf.*\.doc.*\.docx/);
    await ui.page
      .locator('#admin-caseDetails-case_file')
      .setInputFiles({ name: 'brief.pdf', mimeType: 'application/pdf', buffer: pdfBytes('brief') });
    await form().getByRole('button', { name: 'Add', exact: true }).click();
    await tableRows(ui.page).getByText('Custody').waitFor();
    let rows = (await call(ui.s.url, '/api/casedetails/getcasedetails', { cookie: ui.cookie })).body.cases as Json[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ case_title_name: 'Custody', case_name: 'Family Law' });
    expect(rows[0].case_file).toMatch(/^uploads\/.*\.pdf$/);
    expect(rows[0].case_content ?? '').toBe('');

    // Edit: category and title load into the form; a rich description is added.
    await ui.page.getByRole('button', { name: 'Edit case details 1' }).click();
    await form().getByRole('button', { name: 'Update', exact: true }).waitFor();
    await expect.poll(() => titleSelect.inputValue()).toBe(String(rows[0].case_id));
    expect(await category.inputValue()).toBe(String(family));
    await titleSelect.selectOption({ label: 'Divorce' });
    await ui.page.locator('#admin-caseDetails-case_content').click();
    await ui.page.getByRole('button', { name: 'Bold' }).click();
    await ui.page.keyboard.type('Decree granted');
    await form().getByRole('button', { name: 'Update', exact: true }).click();
    await form().getByRole('button', { name: 'Add', exact: true }).waitFor();
    expect(await titleSelect.isDisabled()).toBe(true);
    rows = (await call(ui.s.url, '/api/casedetails/getcasedetails', { cookie: ui.cookie })).body.cases;
    expect(rows[0].case_title_name).toBe('Divorce');
    expect(rows[0].case_content).toContain('<strong>Decree granted</strong>');
    await tableRows(ui.page).locator('strong', { hasText: 'Decree granted' }).waitFor();

    await ui.page.getByRole('button', { name: 'Delete case details 1' }).click();
    await ui.page.getByRole('dialog').getByRole('button', { name: 'Yes, Delete' }).click();
    await tableRows(ui.page).getByText('No case details found.').waitFor();
    expect((await call(ui.s.url, '/api/casedetails/getcasedetails', { cookie: ui.cookie })).body.cases).toHaveLength(0);
  });

  it('site settings: edited in the admin, seen on the public contact page; the server message on bad input', async () => {
    await ui.page.goto('/admin-side-bar/settings');
    await ui.page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await ui.page.getByLabel('Firm Name').waitFor();

    await ui.page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await ui.page.getByRole('button', { name: 'Save Settings' }).click();
    await ui.page
      .getByTestId('form-error')
      .getByText(/^Invalid setting email/)
      .waitFor();

    await ui.page.getByLabel('Email', { exact: true }).fill('desk@new-firm.example');
    await ui.page.getByLabel('Phone 1').fill('+91 99999 12345');
    await ui.page.getByLabel('WhatsApp').fill('+91 99999 54321');
    await ui.page.getByLabel('Morning').fill('7:00-9:00 AM');
    await ui.page.getByRole('button', { name: 'Add office' }).click();
    await ui.page.getByLabel('Office 5 City').fill('Mumbai');
    await ui.page.getByLabel('Office 5 Address').fill('1 Marine Drive, Mumbai');
    await ui.page.getByRole('button', { name: 'Save Settings' }).click();
    await ui.page.getByText('Settings updated successfully').first().waitFor();

    const saved = (await call(ui.s.url, '/api/settings/getsettings')).body.settings;
    expect(saved.email).toBe('desk@new-firm.example');
    expect(saved.phones[0]).toBe('+91 99999 12345');
    expect(saved.hours.morning).toBe('7:00-9:00 AM');
    expect(saved.offices.map((o: Json) => o.city)).toContain('Mumbai');
    expect(saved.legalTeam.length).toBeGreaterThan(0);

    const html = await (await fetch(`${ui.s.url}/contact`)).text();
    expect(html).toContain('desk@new-firm.example');
    expect(html).toContain('+91 99999 12345');
  });
});
