/** Small helpers shared by the API test files (not a test file itself). */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { Speaker } from '../../content/resources/event';
import { file, jpgBytes, pdfBytes, pngBytes } from './files';
import { call, type Json, type TestServer } from './server';

export type Payload = { json: Record<string, unknown> } | { form: FormData };
export type Upload = [bytes: Buffer, name: string];

/** A multipart body: text fields plus files (each a fresh File, so a payload can be rebuilt). */
export function multipart(fields: Record<string, string>, files: Record<string, Upload> = {}): { form: FormData } {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const [k, [bytes, name]] of Object.entries(files)) form.append(k, file(bytes, name));
  return { form };
}

export interface Bytes {
  png: Buffer;
  png2: Buffer;
  jpg: Buffer;
  gif: Buffer;
  pdf: Buffer;
  html: Buffer;
  docx: Buffer;
}

/** Real files of every kind the tests upload. */
export async function sampleBytes(): Promise<Bytes> {
  return {
    png: await pngBytes(40, 30, '#112233'),
    png2: await pngBytes(50, 20, '#445566'),
    jpg: await jpgBytes(),
    gif: await sharp({ create: { width: 10, height: 10, channels: 3, background: '#ff0000' } }).gif().toBuffer(),
    pdf: pdfBytes('Case file'),
    html: Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'),
    docx: docxBytes(),
  };
}

/** A minimal .docx: a ZIP whose first entry is [Content_Types].xml and that holds word/document.xml. */
function docxBytes(): Buffer {
  const entries: [string, string][] = [
    [
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ],
    ['word/document.xml', '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"/>'],
  ];
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of entries) {
    const data = Buffer.from(text);
    const nameBuf = Buffer.from(name);
    const crc = crc32(data);
    // Local file header and central directory entry: their fields as [offset, bytes, value] (stored, no flags).
    locals.push(
      header(30, [[0, 4, 0x04034b50], [4, 2, 20], [14, 4, crc], [18, 4, data.length], [22, 4, data.length], [26, 2, nameBuf.length]]),
      nameBuf,
      data,
    );
    centrals.push(
      header(46, [[0, 4, 0x02014b50], [4, 2, 20], [6, 2, 20], [16, 4, crc], [20, 4, data.length], [24, 4, data.length], [28, 2, nameBuf.length], [42, 4, offset]]),
      nameBuf,
    );
    offset += 30 + nameBuf.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = header(22, [[0, 4, 0x06054b50], [8, 2, entries.length], [10, 2, entries.length], [12, 4, cd.length], [16, 4, offset]]);
  return Buffer.concat([...locals, cd, end]);
}

/** A little-endian record of `size` bytes with the given fields set (the rest zero). */
function header(size: number, fields: [offset: number, bytes: 2 | 4, value: number][]): Buffer {
  const b = Buffer.alloc(size);
  for (const [offset, bytes, value] of fields) {
    if (bytes === 2) b.writeUInt16LE(value, offset);
    else b.writeUInt32LE(value, offset);
  }
  return b;
}

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

/** Calls the API and checks the envelope: JSON with statusCode equal to the HTTP status and a message. */
export async function api(
  base: string,
  pathname: string,
  opts: Parameters<typeof call>[2] & { payload?: Payload } = {},
): Promise<{ status: number; body: Json; headers: Headers }> {
  const { payload, ...rest } = opts;
  const r = await call(base, pathname, { ...rest, ...(payload ?? {}) });
  expect(r.body, `${pathname} answers a JSON envelope`).toBeTypeOf('object');
  expect(r.body.statusCode, `${pathname} statusCode equals the HTTP status`).toBe(r.status);
  expect(r.body.message, `${pathname} has a message`).toBeTypeOf('string');
  return r;
}

/** Every stored file under DATA_DIR/<dir> (relative paths like 'uploads/blog/ab.png'). */
export function storedFiles(dataDir: string, dir = 'uploads'): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    const abs = path.join(dataDir, rel);
    if (!existsSync(abs)) return;
    for (const e of readdirSync(abs, { withFileTypes: true })) {
      const r = `${rel}/${e.name}`;
      if (e.isDirectory()) walk(r);
      else out.push(r);
    }
  };
  walk(dir);
  return out.sort();
}

export const onDisk = (dataDir: string, rel: string) => existsSync(path.join(dataDir, rel));

/** The body of an add-case-details call: a case file (and the content) for that case. */
export function caseDetailsBody(categoryId: number, caseId: number, caseFile: Upload, content?: string): { form: FormData } {
  const fields = { case_category_id: String(categoryId), case_id: String(caseId) };
  return multipart(content === undefined ? fields : { ...fields, case_content: content }, { case_file: caseFile });
}

/** A case category and a case in it (what case details hang from), added through the API. */
export async function addCase(
  s: TestServer,
  cookie: string,
  category: string,
  title: string,
): Promise<{ categoryId: number; caseId: number }> {
  const added = await api(s.url, '/api/caseCategory/addcase', { cookie, json: { case_name: category } });
  const categoryId: number = added.body.case.case_category_id;
  const json = { case_title_name: title, case_category_id: categoryId };
  const caseId: number = (await api(s.url, '/api/cases/addcase', { cookie, json })).body.case.case_id;
  return { categoryId, caseId };
}

/** An event's dates, times and place as the add and update calls take them (a day in 2031, so it stays upcoming). */
export const EVENT_WHEN = {
  event_start_date: '2031-03-10',
  event_start_time: '10:00',
  event_end_date: '2031-03-10',
  event_end_time: '12:00',
  event_address: 'Bar Association Hall, Kochi',
};

/** The `speakers` field of an event as the spec's client sends it: every key of each speaker, blank unless given. */
export function speakersField(...speakers: Partial<Speaker>[]): string {
  return JSON.stringify(speakers.map((sp) => ({ speaker_name: '', designation: '', date: '', from_time: '', to_time: '', image: '', ...sp })));
}
