/**
 * Faults survived: a full disk during an upload answers 507 with a clear message and leaves no row and no
 * file (stored or temporary); a database locked by another process for a moment still takes the write
 * (busy_timeout); malformed input to the account calls never produces a 5xx.
 */
import { spawn } from 'node:child_process';
import fs, { readdirSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import path from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { OUT_OF_SPACE } from '../../server/app';
import { signedInServer } from '../helpers/server';
import { api, multipart, sampleBytes, storedFiles, addCase, caseDetailsBody } from '../helpers/api-helpers';
import { dynamic } from '../../server/db/schema';

const { s, cookie } = await signedInServer();
const b = await sampleBytes();
const { categoryId, caseId } = await addCase(s, cookie, 'Faults', 'F');

const enospc = () =>
  Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });
const tmpFiles = () => readdirSync(path.join(s.dataDir, 'tmp'));
const count = async (table: string) =>
  Number(
    (
      await dynamic(s.services.store.db)
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('a full disk during an upload', () => {
  it('while the file is moved into place: 507, no row, no stored file, no temporary file', async () => {
    const files = s.services.files;
    const original = files.put.bind(files);
    // The move lands the file and then the disk fills (the directory flush fails): the worst moment.
    files.put = async (tmp: string, rel: string) => {
      await original(tmp, rel);
      throw enospc();
    };
    try {
      const before = { carousels: await count('carousels'), case_details: await count('case_details') };
      const img = await api(s.url, '/api/carousel/addcarousel', {
        cookie,
        ...multipart({}, { carousel_image: [b.png, 'a.png'] }),
      });
      expect(img.status).toBe(507);
      expect(img.body.message).toBe(OUT_OF_SPACE);
      const doc = await api(s.url, '/api/casedetails/addcasedetails', {
        cookie,
        ...caseDetailsBody(categoryId, caseId, [b.pdf, 'r.pdf']),
      });
      expect(doc.status).toBe(507);
      expect(await count('carousels')).toBe(before.carousels);
      expect(await count('case_details')).toBe(before.case_details);
      expect(storedFiles(s.dataDir, 'uploads')).toEqual([]);
      expect(tmpFiles()).toEqual([]);
    } finally {
      files.put = original;
    }
    // Space again: the same upload succeeds.
    const ok = await api(s.url, '/api/carousel/addcarousel', {
      cookie,
      ...multipart({}, { carousel_image: [b.png, 'a.png'] }),
    });
    expect(ok.status).toBe(200);
    await api(s.url, '/api/carousel/deletecarousel', { cookie, json: { carousel_id: ok.body.carousel.carousel_id } });
  });

  it('while the upload streams to its temporary file: 507 and the partial file is removed', async () => {
    const real = fs.createWriteStream;
    // The first chunk reaches the disk, then the disk is full.
    const failing = ((file: fs.PathLike, opts?: unknown) => {
      const out = real(file, opts as Parameters<typeof real>[1]);
      let wrote = false;
      const w = new Writable({
        write(chunk, _enc, cb) {
          if (wrote) return cb(enospc());
          wrote = true;
          out.write(chunk, cb);
        },
        final(cb) {
          out.end(cb);
        },
        destroy(err, cb) {
          out.destroy();
          cb(err);
        },
      });
      return w;
    }) as unknown as typeof fs.createWriteStream;
    fs.createWriteStream = failing;
    syncBuiltinESMExports();
    try {
      const big = Buffer.concat([b.pdf, Buffer.alloc(512 * 1024, 0x20)]);
      const r = await api(s.url, '/api/casedetails/addcasedetails', {
        cookie,
        ...caseDetailsBody(categoryId, caseId, [big, 'big.pdf']),
      });
      expect(r.status).toBe(507);
      expect(r.body.message).toBe(OUT_OF_SPACE);
    } finally {
      fs.createWriteStream = real;
      syncBuiltinESMExports();
    }
    expect(tmpFiles()).toEqual([]);
    expect(storedFiles(s.dataDir, 'uploads')).toEqual([]);
    expect(await count('case_details')).toBe(0);
    // The answer came before the whole body was read: the connection was closed, so the client's next
    // request does not hang behind the unsent remainder.
    const next = await fetch(`${s.url}/api/health`, { signal: AbortSignal.timeout(5000) });
    expect(next.status).toBe(200);
  });
});

describe('a database busy for a moment', () => {
  it('waits for a write lock held by another process for about a second, then writes', async () => {
    if (s.services.store.dialect !== 'sqlite') return;
    const file = s.services.store.file!;
    const holder = spawn(
      process.execPath,
      [
        '-e',
        `const Database = require('better-sqlite3');
         const db = new Database(process.argv[1]);
         db.pragma('busy_timeout = 5000');
         db.exec('BEGIN IMMEDIATE');
         db.prepare("INSERT INTO faqs (question, answer) VALUES ('From the other process?', 'Yes')").run();
         process.stdout.write('locked\\n');
         Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1000);
         db.exec('COMMIT');
         process.stdout.write('released\\n');`,
        file,
      ],
      { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const exited = new Promise<number | null>((resolve) => holder.on('exit', resolve));
    await new Promise<void>((resolve, reject) => {
      holder.stdout.on('data', (d: Buffer) => d.toString().includes('locked') && resolve());
      holder.on('exit', (code) => reject(new Error(`lock holder exited early (${code})`)));
    });
    const started = Date.now();
    const r = await api(s.url, '/api/faqs/addFaqs', {
      cookie,
      json: { question: 'Written while busy?', answer: 'Yes' },
    });
    const waited = Date.now() - started;
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(waited).toBeGreaterThan(500);
    expect(await exited).toBe(0);
    const questions = (await s.services.store.db.selectFrom('faqs').select('question').execute()).map(
      (x) => x.question,
    );
    expect(questions).toEqual(expect.arrayContaining(['From the other process?', 'Written while busy?']));
  });
});

describe('malformed input to the account calls', () => {
  it('never answers 5xx, whatever the shape', async () => {
    const shapes: unknown[] = [
      null,
      [],
      [1, 2],
      'text',
      42,
      { email: ['a@b.c'] },
      { email: { $ne: '' } },
      { email: 'x'.repeat(100_000) },
      { token: { a: 1 }, password: ['p'] },
      { token: 'A'.repeat(43), password: 'y'.repeat(300) },
      { admin_id: '1 OR 1=1' },
      { admin_id: Number.MAX_VALUE },
      { currentPassword: null, newPassword: {} },
      { __proto__: { polluted: true } },
    ];
    const paths = [
      '/api/admin/forgotpassword',
      '/api/admin/resetpassword',
      '/api/admins/invite',
      '/api/admins/remove',
      '/api/admins/changepassword',
    ];
    const bad: string[] = [];
    for (const p of paths) {
      for (const shape of shapes) {
        const r = await fetch(`${s.url}${p}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify(shape),
        });
        if (r.status >= 500) bad.push(`${p} ${JSON.stringify(shape)?.slice(0, 60)} → ${r.status}`);
      }
      const broken = await fetch(`${s.url}${p}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: '{"email":',
      });
      if (broken.status >= 500) bad.push(`${p} broken JSON → ${broken.status}`);
    }
    expect(bad).toEqual([]);
    // Still signed in, and still the only administrator.
    expect((await api(s.url, '/api/admin/me', { cookie })).status).toBe(200);
  });
});
