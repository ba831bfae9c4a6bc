import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { file, pdfBytes, pngBytes } from '../helpers/files';
import { call, startServer, type TestServer } from '../helpers/server';

const run = promisify(execFile);
const tmp = mkdtempSync(path.join(os.tmpdir(), 'lexfirm-backup-test-'));
const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
  rmSync(tmp, { recursive: true, force: true });
});

describe.skipIf(!!process.env.TEST_DATABASE_URL)('npm run backup / restore (SQLite)', () => {
  it('backs up while writes go on, and a restore into a new folder serves the same content and files', async () => {
    const dataDir = path.join(tmp, 'live');
    const live = await startServer({ dataDir });
    servers.push(live);
    const cookie = await live.login();
    for (let i = 0; i < 5; i++) {
      const form = new FormData();
      form.append('title', `Photo ${i}`);
      form.append('gallery_image', file(await pngBytes(40 + i, 30), `p${i}.png`));
      expect((await call(live.url, '/api/gallery/addgallery', { cookie, form })).status).toBe(200);
    }
    const cat = await call(live.url, '/api/caseCategory/addcase', { cookie, json: { case_name: 'Family Law' } });
    const c = await call(live.url, '/api/cases/addcase', {
      cookie,
      json: { case_title_name: 'Custody', case_category_id: cat.body.case.case_category_id },
    });
    const details = new FormData();
    details.append('case_category_id', String(cat.body.case.case_category_id));
    details.append('case_id', String(c.body.case.case_id));
    details.append('case_file', file(pdfBytes('custody'), 'c.pdf'));
    expect((await call(live.url, '/api/casedetails/addcasedetails', { cookie, form: details })).status).toBe(200);

    // Writes keep arriving while the backup runs.
    let writing = true;
    const writer = (async () => {
      let n = 0;
      while (writing) {
        await call(live.url, '/api/faqs/addFaqs', { cookie, json: { question: `During backup ${n++}?`, answer: 'Yes.' } });
      }
    })();
    const archive = path.join(tmp, 'site.tar.gz');
    await run(process.execPath, ['dist/backup.js', 'backup', '--out', archive], { env: { ...process.env, DATA_DIR: dataDir } });
    writing = false;
    await writer;

    const restoredDir = path.join(tmp, 'restored');
    await run(process.execPath, ['dist/backup.js', 'restore', archive], { env: { ...process.env, DATA_DIR: restoredDir } });
    const restored = await startServer({ dataDir: restoredDir });
    servers.push(restored);

    const gallery = (await call(restored.url, '/api/gallery/getallGallery')).body.gallery;
    expect(gallery.map((g: { title: string }) => g.title)).toEqual(['Photo 0', 'Photo 1', 'Photo 2', 'Photo 3', 'Photo 4']);
    for (const g of gallery) {
      const res = await fetch(`${restored.url}/${g.gallery_image}`);
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer())).toEqual(readFileSync(path.join(dataDir, g.gallery_image)));
    }
    const faqs = (await call(restored.url, '/api/faqs/getallfaqs')).body.faq;
    const liveFaqs = (await call(live.url, '/api/faqs/getallfaqs')).body.faq;
    expect(faqs.length).toBeGreaterThan(0);
    expect(faqs.length).toBeLessThanOrEqual(liveFaqs.length);
    // The administrator's password came back too.
    await restored.login();

    const refused = await run(process.execPath, ['dist/backup.js', 'restore', archive], {
      env: { ...process.env, DATA_DIR: dataDir },
    }).catch((e: { code: number; stderr: string }) => e);
    expect((refused as { code: number }).code).toBe(1);
    expect((refused as { stderr: string }).stderr).toContain('is not empty');
  });
});
