import { beforeAll, describe, expect, it } from 'vitest';
import type { ResourceDef } from '../../content/kit';
import { apiPath, resources } from '../../content/resources/index';
import { hasChromium, NO_CHROMIUM_REASON } from '../helpers/browser';
import { jpgBytes, pdfBytes, pngBytes } from '../helpers/files';
import { call, type Json } from '../helpers/server';
import { adminBrowser, tableRows } from './admin-helpers';

const title = `admin management pages: add, edit, delete, validation${hasChromium ? '' : ` — skipped: ${NO_CHROMIUM_REASON}`}`;

/** The pages generated from the declarations (events and case details have their own tests). */
const GENERIC = resources.filter((r) => r.key !== 'event' && r.key !== 'caseDetails');

describe.skipIf(!hasChromium)(title, () => {
  const ui = adminBrowser();
  let png: Buffer;
  let png2: Buffer;
  let jpg: Buffer;

  beforeAll(async () => {
    [png, png2, jpg] = await Promise.all([pngBytes(40, 30, '#224466'), pngBytes(30, 40, '#aa3344'), jpgBytes()]);
    // A category the reference selects can offer.
    const form = new FormData();
    form.append('case_name', 'Family Law');
    await call(ui.s.url, '/api/caseCategory/addcase', { cookie: ui.cookie, form });
  });

  async function list(r: ResourceDef): Promise<Record<string, Json>[]> {
    const res = await call(ui.s.url, apiPath(r, 'list'), { cookie: ui.cookie });
    expect(res.status).toBe(200);
    return res.body[r.keys.list];
  }

  async function open(r: ResourceDef) {
    await ui.page.goto(`/admin-side-bar/${r.admin.path}`);
    await ui.page.getByRole('heading', { name: r.admin.title, level: 1 }).waitFor();
    await ui.page.getByText('Loading...').waitFor({ state: 'detached' });
  }

  const form = () => ui.page.locator('form').first();
  const control = (r: ResourceDef, name: string) => ui.page.locator(`#admin-${r.key}-${name}`);

  async function setFile(r: ResourceDef, name: string, bytes: Buffer, fileName: string, mimeType: string) {
    await control(r, name).setInputFiles({ name: fileName, mimeType, buffer: bytes });
  }

  /** The date a round enters in a date field (an expiry after the start). */
  const dateOf = (name: string, round: 1 | 2) =>
    name.startsWith('expiry') ? (round === 1 ? '2027-04-05' : '2027-05-06') : round === 1 ? '2027-03-05' : '2027-03-06';

  /** Fills every field and file of the declaration; `round` varies the values. */
  async function fill(r: ResourceDef, round: 1 | 2) {
    for (const [name, f] of Object.entries(r.fields)) {
      const el = control(r, name);
      switch (f.type) {
        case 'text':
        case 'longtext':
          await el.fill(`${f.label} ${round === 1 ? 'first' : 'second'}`);
          break;
        case 'html':
          await el.click();
          await ui.page.keyboard.press('Control+A');
          await ui.page.keyboard.type(`${f.label} ${round === 1 ? 'first' : 'second'}`);
          break;
        case 'int':
          await el.fill(round === 1 ? '3' : '5');
          break;
        case 'ref':
          await el.locator('option', { hasText: 'Family Law' }).waitFor({ state: 'attached' });
          await el.selectOption({ label: 'Family Law' });
          break;
        case 'enum':
          await el.selectOption(f.values![round === 1 ? 0 : 1]!);
          break;
        case 'dmy':
        case 'date':
          await el.fill(dateOf(name, round));
          break;
        case 'time':
          await el.fill('14:30');
          break;
      }
    }
    for (const [name, f] of Object.entries(r.files)) {
      if (round === 2 && f.kind === 'document') continue;
      if (f.kind === 'document') await setFile(r, name, pdfBytes('doc'), 'doc.pdf', 'application/pdf');
      else if (f.formats?.includes('jpg') && !f.formats.includes('webp'))
        await setFile(r, name, round === 1 ? jpg : jpg, 'photo.jpg', 'image/jpeg');
      else await setFile(r, name, round === 1 ? png : png2, `image${round}.png`, 'image/png');
      // A new image needs its alt text in the form (decision 0024).
      if (f.kind !== 'document') await ui.page.locator(`#admin-${r.key}-${name}-alt`).fill(`${f.label} ${round === 1 ? 'first' : 'second'} description`);
    }
  }

  function expectRow(r: ResourceDef, row: Record<string, Json>, round: 1 | 2) {
    for (const [name, f] of Object.entries(r.fields)) {
      const v = row[name];
      if (f.type === 'text' || f.type === 'longtext') expect(v).toBe(`${f.label} ${round === 1 ? 'first' : 'second'}`);
      if (f.type === 'html') expect(v).toContain(`${f.label} ${round === 1 ? 'first' : 'second'}`);
      if (f.type === 'int') expect(v).toBe(round === 1 ? 3 : 5);
      if (f.type === 'enum') expect(v).toBe(f.values![round === 1 ? 0 : 1]);
      if (f.type === 'dmy') expect(v).toBe(dateOf(name, round));
      if (f.type === 'ref') expect(typeof v).toBe('number');
    }
    for (const name of Object.keys(r.files)) expect(row[name]).toMatch(/^uploads\//);
  }

  for (const r of GENERIC) {
    // The first of these flows once timed out in a full CI run on the loaded 2-core machine (2.5 s alone; cause
    // not found): one retry, with more room, so a passing product is not refused for it. A real fault fails twice.
    it(`${r.admin.title}: add, edit and delete through the UI match the API`, { retry: 1, timeout: 60_000 }, async () => {
      const before = (await list(r)).length;
      await open(r);
      await fill(r, 1);
      // Image previews of the chosen files.
      for (const [name, f] of Object.entries(r.files)) {
        if (f.kind !== 'document')
          await ui.page
            .getByAltText(new RegExp(`Preview of the chosen ${f.label}`, 'i'))
            .first()
            .waitFor();
        void name;
      }
      await form().getByRole('button', { name: 'Add' }).click();
      await ui.page.waitForFunction(
        ([sel, n]) =>
          document.querySelectorAll(sel as string).length === n && !document.body.textContent?.includes('Saving...'),
        ['table.admin-table > tbody > tr > td:first-child + td', before + 1] as const,
      );
      const added = await list(r);
      expect(added).toHaveLength(before + 1);
      const row =
        added.find((x) => !('case_name' in r.fields) || x.case_name !== 'Family Law') ?? added[added.length - 1]!;
      expectRow(r, row, 1);
      expect(
        await tableRows(ui.page)
          .filter({ hasText: String(before + 1) })
          .count(),
      ).toBeGreaterThan(0);

      // Edit: the row loads into the form, the label reads Update and Cancel appears.
      const sno = added.indexOf(row) + 1;
      await ui.page.getByRole('button', { name: new RegExp(`^Edit .* ${sno}$`) }).click();
      await form().getByRole('button', { name: 'Update' }).waitFor();
      await form().getByRole('button', { name: 'Cancel' }).click();
      await form().getByRole('button', { name: 'Add' }).waitFor();
      await ui.page.getByRole('button', { name: new RegExp(`^Edit .* ${sno}$`) }).click();
      await form().getByRole('button', { name: 'Update' }).waitFor();
      await fill(r, 2);
      await form().getByRole('button', { name: 'Update' }).click();
      await form().getByRole('button', { name: 'Add' }).waitFor();
      const edited = (await list(r)).find((x) => x[r.id] === row[r.id])!;
      expectRow(r, edited, 2);
      for (const [name, f] of Object.entries(r.files))
        if (f.kind !== 'document') expect(edited[name]).not.toBe(row[name]);

      // Delete with confirmation.
      await ui.page.getByRole('button', { name: new RegExp(`^Delete .* ${sno}$`) }).click();
      const dialog = ui.page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await list(r)).toHaveLength(before + 1);
      await ui.page.getByRole('button', { name: new RegExp(`^Delete .* ${sno}$`) }).click();
      await ui.page.getByRole('dialog').getByRole('button', { name: 'Yes, Delete' }).click();
      await ui.page.getByRole('dialog').waitFor({ state: 'detached' });
      await expect.poll(async () => (await list(r)).length).toBe(before);
      if (before === 0) await tableRows(ui.page).getByText(r.admin.empty, { exact: true }).waitFor();
    });
  }

  it('shows every validation message of section 5 before sending', async () => {
    const sent: string[] = [];
    ui.page.on('request', (req) => req.method() === 'POST' && sent.push(new URL(req.url()).pathname));
    const expected: Record<string, string> = {
      carousel: 'Please fill the fields.',
      calendar: 'Please select an image.',
      about: 'Please select an image to upload.',
      caseCategory: 'Please enter a title.',
      cases: 'Please fill in all required fields',
      blog: 'Please fill in the blog title and case category.',
      review: 'Please fill all the fields',
      team: 'Please fill in all fields.',
      faqs: 'Please fill in both the question and description.',
      ads: 'All fields are required.',
      gallery: 'Please select an image and enter a title.',
      partners: 'Please provide either a partner name or logo.',
      vacancies: 'Please fill all the fields',
    };
    for (const r of GENERIC) {
      await open(r);
      await form().getByRole('button', { name: 'Add' }).click();
      await ui.page
        .getByTestId('form-error')
        .getByText(expected[r.key] ?? expected[r.admin.path]!, { exact: true })
        .waitFor();
    }
    // Team: blank-only values count as empty.
    const team = resources.find((r) => r.key === 'team')!;
    await open(team);
    await control(team, 'name').fill('   ');
    await control(team, 'address').fill('Kochi');
    await form().getByRole('button', { name: 'Add' }).click();
    await ui.page.getByTestId('form-error').getByText('Please fill in all fields.').waitFor();

    // Blog: a description or a file, then an image; an empty editor counts as empty.
    const blog = resources.find((r) => r.key === 'blog')!;
    await open(blog);
    await control(blog, 'title').fill('A title');
    await control(blog, 'case_category_id').locator('option', { hasText: 'Family Law' }).waitFor({ state: 'attached' });
    await control(blog, 'case_category_id').selectOption({ label: 'Family Law' });
    await control(blog, 'description').click();
    await ui.page.keyboard.press('Enter');
    await form().getByRole('button', { name: 'Add' }).click();
    await ui.page.getByTestId('form-error').getByText('Please provide a blog description or upload a file.').waitFor();
    await ui.page.keyboard.type('Some words');
    await control(blog, 'description').click();
    await ui.page.keyboard.type('Some words');
    await form().getByRole('button', { name: 'Add' }).click();
    await ui.page.getByTestId('form-error').getByText('Please upload a blog image.').waitFor();
    expect(await control(blog, 'blog_image').getAttribute('accept')).toContain('.jpeg');
    expect(await control(blog, 'blog_file').getAttribute('accept')).toContain('.docx');
    expect(sent.filter((p) => /\/(add|create)/i.test(p))).toEqual([]);

    // Update messages: calendar needs a new image, gallery a title.
    const calendar = resources.find((r) => r.key === 'calendar')!;
    const calForm = new FormData();
    calForm.append('calendar_img', new File([new Uint8Array(png)], 'c.png', { type: 'image/png' }));
    expect((await call(ui.s.url, apiPath(calendar, 'add'), { cookie: ui.cookie, form: calForm })).status).toBe(200);
    await open(calendar);
    await ui.page.getByRole('button', { name: /^Edit .* 1$/ }).click();
    await form().getByRole('button', { name: 'Update' }).click();
    await ui.page.getByTestId('form-error').getByText('Please select an image to update.').waitFor();

    const gallery = resources.find((r) => r.key === 'gallery')!;
    const gForm = new FormData();
    gForm.append('title', 'Hall');
    gForm.append('gallery_image', new File([new Uint8Array(png)], 'g.png', { type: 'image/png' }));
    expect((await call(ui.s.url, apiPath(gallery, 'add'), { cookie: ui.cookie, form: gForm })).status).toBe(200);
    await open(gallery);
    await ui.page.getByRole('button', { name: /^Edit .* 1$/ }).click();
    await control(gallery, 'title').fill('');
    await form().getByRole('button', { name: 'Update' }).click();
    await ui.page.getByTestId('form-error').getByText('Title is required.').waitFor();
    expect(sent.filter((p) => /update/i.test(p))).toEqual([]);

    // The server's message otherwise: an ad that expires before it starts, a category still in use.
    const ads = resources.find((r) => r.key === 'ads')!;
    await open(ads);
    await setFile(ads, 'ads_image', png, 'ad.png', 'image/png');
    await control(ads, 'ads_display').selectOption('Primary');
    await control(ads, 'start_date').fill('2027-05-10');
    await control(ads, 'expiry_date').fill('2027-05-01');
    await form().getByRole('button', { name: 'Add' }).click();
    await ui.page.getByTestId('form-error').getByText('The expiry date must not be before the start date.').waitFor();

    const cases = resources.find((r) => r.key === 'cases')!;
    const cats = (await call(ui.s.url, '/api/caseCategory/getallcases')).body.cases as { case_category_id: number }[];
    await call(ui.s.url, apiPath(cases, 'add'), {
      cookie: ui.cookie,
      json: { case_title_name: 'Custody', case_category_id: cats[0]!.case_category_id },
    });
    const category = resources.find((r) => r.key === 'caseCategory')!;
    await open(category);
    await ui.page.getByRole('button', { name: /^Delete .* 1$/ }).click();
    await ui.page.getByRole('dialog').getByRole('button', { name: 'Yes, Delete' }).click();
    await ui.page
      .getByText(/still used by 1 cases/)
      .first()
      .waitFor();
    expect((await call(ui.s.url, '/api/caseCategory/getallcases')).body.cases).toHaveLength(cats.length);
  });

  it('keyboard only: add a FAQ and delete it through the confirmation', async () => {
    const faqs = resources.find((r) => r.key === 'faqs')!;
    const before = (await list(faqs)).length;
    await open(faqs);
    /** Presses Tab until the focused element matches, at most `max` times. */
    const tabTo = async (test: (el: { label: string; text: string }) => boolean, max = 40) => {
      for (let i = 0; i < max; i++) {
        await ui.page.keyboard.press('Tab');
        const el = await ui.page.evaluate(() => ({
          label: document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.id ?? '',
          text: document.activeElement?.textContent?.trim() ?? '',
        }));
        if (test(el)) return;
      }
      throw new Error('focus never reached the element');
    };
    await ui.page.locator('#admin-content').focus();
    await tabTo((el) => el.label === 'admin-faqs-question');
    await ui.page.keyboard.type('Typed question?');
    await ui.page.keyboard.press('Tab');
    await ui.page.keyboard.type('Typed answer');
    await tabTo((el) => el.text === 'Add');
    await ui.page.keyboard.press('Enter');
    await tableRows(ui.page).getByText('Typed question?').waitFor();
    expect((await list(faqs)).length).toBe(before + 1);
    await tabTo((el) => el.label === `Delete faq ${before + 1}`);
    await ui.page.keyboard.press('Enter');
    await ui.page.getByRole('dialog').waitFor();
    await tabTo((el) => el.text === 'Yes, Delete', 5);
    await ui.page.keyboard.press('Enter');
    await ui.page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(async () => (await list(faqs)).length).toBe(before);
  });

  it('a table pages on the server, 50 a ui.page, and searches on the server (decision 0015)', async () => {
    const faqs = resources.find((r) => r.key === 'faqs')!;
    for (let i = 1; i <= 55; i++)
      await call(ui.s.url, apiPath(faqs, 'add'), {
        cookie: ui.cookie,
        json: { question: `Question number ${i}?`, answer: `Answer ${i}` },
      });
    const total = (await list(faqs)).length;
    expect(total).toBeGreaterThan(50);
    expect(total).toBeLessThanOrEqual(100);
    await open(faqs);
    expect(await tableRows(ui.page).count()).toBe(50);
    await ui.page.getByRole('button', { name: 'Page 2' }).click();
    await expect.poll(() => tableRows(ui.page).count()).toBe(total - 50);
    await tableRows(ui.page).first().locator('td').first().getByText('51', { exact: true }).waitFor();
    await ui.page.getByLabel('Search').fill('number 17?');
    await expect.poll(() => tableRows(ui.page).count()).toBe(1);
    await tableRows(ui.page).getByText('Question number 17?').waitFor();
    await ui.page.getByText('1 row', { exact: true }).waitFor();
  });
});
