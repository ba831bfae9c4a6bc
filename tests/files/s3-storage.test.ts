import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
// @ts-expect-error s3rver ships no type declarations
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { buildApp } from '../../server/app';
import { FILE_STORAGE_UNAVAILABLE } from '../../server/files/s3-store';
import { file, pdfBytes, pngBytes } from '../helpers/files';
import { call, startServer, type TestServer } from '../helpers/server';
import { consultationForm, FAST_MAIL_ENV, startSink, type Sink } from '../helpers/mail-sink';

/**
 * FILE_STORAGE=s3 against a real S3-protocol server (s3rver) started here: public and private files go
 * to the bucket (nothing under DATA_DIR but temporary files, which are removed), the server serves both
 * (private ones only to a signed-in administrator), mail attachments are read back from the bucket, and
 * with FILE_PUBLIC_URL pages link public files straight at the bucket.
 */
const BUCKET = 'lexfirm-files';
let s3dir: string;
let s3server: { run(): Promise<{ port: number }>; close(): Promise<void> };
let endpoint: string;
let client: S3Client;

async function objectBytes(key: string): Promise<Buffer | null> {
  try {
    const res = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
    return Buffer.from(await res.Body!.transformToByteArray());
  } catch (err) {
    if ((err as { name?: string }).name === 'NoSuchKey') return null;
    throw err;
  }
}

function s3Env(extra: Record<string, string> = {}): Record<string, string> {
  return {
    FILE_STORAGE: 's3',
    S3_ENDPOINT: endpoint,
    S3_BUCKET: BUCKET,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    ...extra,
  };
}

/** Files under DATA_DIR other than the (empty) temporary folder and the mail outbox. */
function localFiles(dataDir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out.push(path.relative(dataDir, p));
    }
  };
  walk(dataDir);
  return out.filter((f) => !f.startsWith('site.db') && !f.startsWith('outbox'));
}

beforeAll(async () => {
  s3dir = mkdtempSync(path.join(os.tmpdir(), 'lexfirm-s3-'));
  s3server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: s3dir,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await s3server.run();
  endpoint = `http://127.0.0.1:${port}`;
  client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
});

afterAll(async () => {
  client?.destroy();
  await s3server?.close();
  rmSync(s3dir, { recursive: true, force: true });
});

/** Adds a gallery item (a title and a PNG) through the spec's call. */
async function addGallery(s: TestServer, cookie: string, title: string, png: Buffer, name: string) {
  const form = new FormData();
  form.append('title', title);
  form.append('gallery_image', file(png, name, 'image/png'));
  return call(s.url, '/api/gallery/addgallery', { cookie, form });
}

describe('FILE_STORAGE=s3', () => {
  let s: TestServer;
  let cookie: string;
  let sink: Sink;

  beforeAll(async () => {
    sink = await startSink();
    s = await startServer({ env: s3Env({ ...FAST_MAIL_ENV, SMTP_URL: sink.url }) });
    cookie = await s.login();
  });
  afterAll(async () => {
    await s?.close();
    await sink?.close();
  });

  it('stores an uploaded image in the bucket, serves it, and keeps nothing on local disk', async () => {
    const add = await addGallery(s, cookie, 'Office front', await pngBytes(120, 80), 'front.png');
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    const stored = add.body.gallery.gallery_image as string;
    expect(stored).toMatch(/^uploads\/gallery\/[0-9a-f]{32}\.png$/);

    const inBucket = await objectBytes(stored);
    expect(inBucket).not.toBeNull();
    const head = await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: stored }));
    expect(head.ContentType).toBe('image/png');
    expect(localFiles(s.dataDir)).toEqual([]);

    const res = await fetch(`${s.url}/${stored}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(Buffer.from(await res.arrayBuffer()).equals(inBucket!)).toBe(true);
    expect((await fetch(`${s.url}/uploads/gallery/${'0'.repeat(32)}.png`)).status).toBe(404);
  });

  it('removes the old object when an image is replaced, and the object when the row is deleted', async () => {
    const add = await addGallery(s, cookie, 'Reading room', await pngBytes(60, 60, '#335577'), 'room.png');
    expect(add.status).toBe(200);
    const first = add.body.gallery.gallery_image as string;
    const id = add.body.gallery.gallery_id as number;

    const upd = new FormData();
    upd.append('gallery_id', String(id));
    upd.append('title', 'Reception room');
    upd.append('gallery_image', file(await pngBytes(64, 64, '#775533'), 'room2.png', 'image/png'));
    const changed = await call(s.url, '/api/gallery/updateGallery', { cookie, form: upd });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const second = changed.body.gallery.gallery_image as string;
    expect(second).not.toBe(first);
    expect(await objectBytes(first)).toBeNull();
    expect(await objectBytes(second)).not.toBeNull();

    const del = await call(s.url, '/api/gallery/deletegallery', { cookie, json: { gallery_id: id } });
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    expect(await objectBytes(second)).toBeNull();
    expect((await fetch(`${s.url}/${second}`)).status).toBe(404);
  });

  it('keeps a consultation document private in the bucket, serves it only to an administrator, and attaches it to the firm’s mail', async () => {
    const pdf = pdfBytes('Sale deed');
    const before = sink.messages.length;
    const r = await call(s.url, '/api/mail/contact', {
      form: consultationForm({}, file(pdf, 'sale deed.pdf', 'application/pdf')),
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);

    const list = await call(s.url, '/api/consultations/getall', { cookie });
    const row = list.body.consultations.find((c: { reference: string }) => c.reference === r.body.reference);
    expect(row.document.name).toBe('sale deed.pdf');
    expect(localFiles(s.dataDir)).toEqual([]);

    // In the bucket under private/, never under uploads/.
    const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'private/consultations/' }));
    const keys = (listed.Contents ?? []).map((o) => o.Key!);
    expect(keys).toHaveLength(1);
    expect((await objectBytes(keys[0]!))?.equals(pdf)).toBe(true);
    const publicKeys = await client.send(
      new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'uploads/consultations/' }),
    );
    expect(publicKeys.Contents ?? []).toEqual([]);

    // Through the server only with a session.
    expect((await call(s.url, row.document.url)).status).toBe(401);
    expect((await fetch(`${s.url}/${keys[0]}`)).status).toBe(401);
    const withSession = await fetch(`${s.url}${row.document.url}`, { headers: { cookie } });
    expect(withSession.status).toBe(200);
    expect(Buffer.from(await withSession.arrayBuffer()).equals(pdf)).toBe(true);
    const privateFile = await fetch(`${s.url}/${keys[0]}`, { headers: { cookie } });
    expect(privateFile.status).toBe(200);
    expect(privateFile.headers.get('cache-control')).toBe('private, no-store');

    const mails = (await sink.waitFor(before + 2, 20_000)).slice(before);
    const firm = mails.find((m) => m.envelopeTo.includes('inbox@firm.test'))!;
    const att = firm.parsed.attachments.find((a) => a.filename === 'sale deed.pdf');
    expect(att).toBeDefined();
    const bytes =
      typeof att!.content === 'string'
        ? Buffer.from(att!.content)
        : Buffer.from(new Uint8Array(att!.content as ArrayBuffer));
    expect(bytes.equals(pdf)).toBe(true);
  });
});

describe('FILE_STORAGE=s3 with FILE_PUBLIC_URL', () => {
  let s: TestServer;
  let cookie: string;

  beforeAll(async () => {
    s = await startServer({ env: s3Env({ FILE_PUBLIC_URL: `${endpoint}/${BUCKET}/` }), pages: true });
    cookie = await s.login();
  });
  afterAll(async () => {
    await s?.close();
  });

  it('links public files straight at the bucket on server-rendered pages, and allows that origin in the page policy', async () => {
    const add = await addGallery(s, cookie, 'Courtyard', await pngBytes(90, 60, '#224466'), 'yard.png');
    expect(add.status).toBe(200);
    const stored = add.body.gallery.gallery_image as string;

    const page = await fetch(`${s.url}/gallery`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const direct = `${endpoint}/${BUCKET}/${stored}`;
    expect(html).toContain(`src="${direct}"`);
    expect(html).not.toContain(`src="/${stored}"`);
    expect(html).toContain(`<meta name="lex-file-base" content="${endpoint}/${BUCKET}"/>`);
    expect(page.headers.get('content-security-policy')).toMatch(
      new RegExp(`img-src [^;]*${endpoint.replace(/[.:/]/g, '\\$&')}`),
    );

    // The bucket answers that URL itself (s3rver serves objects to anonymous readers).
    const fromBucket = await fetch(direct);
    expect(fromBucket.status).toBe(200);
    expect(Buffer.from(await fromBucket.arrayBuffer()).equals((await objectBytes(stored))!)).toBe(true);
    // The server still answers the same path (links made before FILE_PUBLIC_URL keep working).
    expect((await fetch(`${s.url}/${stored}`)).status).toBe(200);
  });
});

describe('FILE_STORAGE=s3 when the connection to the bucket drops', () => {
  let s: TestServer;
  let proxy: Server;
  let resets = 0;
  /** How many requests the relay drops, and of which method (the start of a request's head). */
  let drop = 2;
  let dropMethod = 'PUT ';
  /** The file the first test stored. */
  let stored = '';
  const sockets = new Set<Socket>();

  beforeAll(async () => {
    // A relay to the bucket that drops the connection of the first two uploads as their request arrives, as a
    // bucket does with an idle kept-alive connection it has just closed.
    const bucket = new URL(endpoint);
    proxy = createServer((client) => {
      sockets.add(client);
      const upstream = connect(Number(bucket.port), bucket.hostname);
      sockets.add(upstream);
      client.on('data', (chunk: Buffer) => {
        // A request's head starts a chunk (the relay is the only client of its connection).
        if (chunk.subarray(0, dropMethod.length).toString() === dropMethod && resets < drop) {
          resets++;
          client.destroy();
          upstream.destroy();
          return;
        }
        upstream.write(chunk);
      });
      upstream.on('data', (chunk: Buffer) => client.write(chunk));
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
      client.on('error', () => undefined);
      upstream.on('error', () => undefined);
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    s = await startServer({ env: s3Env({ S3_ENDPOINT: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}` }) });
  });
  afterAll(async () => {
    await s?.close();
    for (const socket of sockets) socket.destroy();
    proxy?.close();
  });

  it('sends the upload again with the file read afresh, and stores it whole', async () => {
    const png = await pngBytes(90, 70, '#774411');
    const add = await addGallery(s, await s.login(), 'Library', png, 'library.png');
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    expect(resets).toBe(2);
    stored = add.body.gallery.gallery_image as string;
    const inBucket = await objectBytes(stored);
    expect(inBucket).not.toBeNull();
    const served = await fetch(`${s.url}/${stored}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(inBucket!)).toBe(true);
    expect(localFiles(s.dataDir)).toEqual([]);
  });

  it('answers 503 naming the file storage when the bucket stays out of reach, and keeps no row or file', async () => {
    resets = 0;
    drop = Infinity;
    const cookie = await s.login();
    const gallery = async () => (await call(s.url, '/api/gallery/getallGallery')).body.gallery as unknown[];
    const before = await gallery();
    expect(before.length).toBe(1);
    const add = await addGallery(s, cookie, 'Archive', await pngBytes(40, 40, '#112233'), 'archive.png');
    expect(add.status).toBe(503);
    expect(add.body.message).toBe(FILE_STORAGE_UNAVAILABLE);
    expect(resets).toBe(3);
    expect(await gallery()).toEqual(before);
    expect(localFiles(s.dataDir)).toEqual([]);
  });

  it('serves a file again over a fresh connection when one drops, and answers 503 naming the file storage when all do', async () => {
    const inBucket = await objectBytes(stored);
    resets = 0;
    drop = 2;
    dropMethod = 'GET ';
    const served = await fetch(`${s.url}/${stored}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(inBucket!)).toBe(true);
    expect(resets).toBe(2);

    resets = 0;
    drop = Infinity;
    const out = await fetch(`${s.url}/${stored}`);
    expect(out.status).toBe(503);
    expect(await out.text()).toContain(FILE_STORAGE_UNAVAILABLE);
    expect(resets).toBe(3);
  });
});

describe('FILE_STORAGE=s3 configuration', () => {
  it('refuses to start without S3_BUCKET, naming it', () => {
    expect(() => loadConfig({ FILE_STORAGE: 's3' })).toThrow(
      'Invalid environment: S3_BUCKET is required when FILE_STORAGE=s3',
    );
  });

  it('refuses to start when the bucket is not reachable, naming the bucket', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lexfirm-s3-bad-'));
    try {
      const config = loadConfig({
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        DEMO_CONTENT: 'off',
        ...s3Env({ S3_BUCKET: 'no-such-bucket' }),
      });
      await expect(buildApp(config, { logger: false })).rejects.toThrow(/bucket no-such-bucket is not reachable/);
      expect(existsSync(path.join(dataDir, 'uploads'))).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
