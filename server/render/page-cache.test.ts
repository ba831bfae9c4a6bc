import { describe, expect, it } from 'vitest';
import { PageCache, pickEncoding } from './page-cache';

const page = async (cache: PageCache, size: number) => cache.build(200, [['content-type', 'text/html; charset=utf-8']], Buffer.alloc(size, 'a'), Date.now() + 60_000);

describe('PageCache', () => {
  it('drops the least recently served entries when over its byte budget, never one just served', async () => {
    // Each entry costs its body plus its brotli and gzip copies (a few dozen bytes for repeated bytes).
    const one = await page(new PageCache(), 10_000);
    const cache = new PageCache(one.bytes * 3 + 10);
    for (const k of ['/a', '/b', '/c']) cache.set(k, await page(cache, 10_000), cache.generation);
    expect(cache.size).toBe(3);
    expect(cache.get('/a')).toBeDefined(); // /a is now the most recently served, /b the least
    cache.set('/d', await page(cache, 10_000), cache.generation);
    expect(cache.size).toBe(3);
    expect(cache.get('/b')).toBeUndefined();
    for (const k of ['/a', '/c', '/d']) expect(cache.get(k), k).toBeDefined();
    // Served in this order: /c is now the oldest.
    cache.get('/a');
    cache.get('/d');
    cache.set('/e', await page(cache, 10_000), cache.generation);
    expect(cache.get('/c')).toBeUndefined();
    for (const k of ['/a', '/d', '/e']) expect(cache.get(k), k).toBeDefined();
  });

  it('does not store a page rendered before a clear', async () => {
    const cache = new PageCache();
    const generation = cache.generation;
    cache.clear();
    cache.set('/', await page(cache, 100), generation);
    expect(cache.get('/')).toBeUndefined();
  });
});

describe('pickEncoding', () => {
  it('prefers brotli, then gzip, honours q=0, and answers the same for a repeated header', () => {
    for (let i = 0; i < 2; i++) {
      expect(pickEncoding('gzip, deflate, br')).toBe('br');
      expect(pickEncoding('GZIP')).toBe('gzip');
      expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
      expect(pickEncoding('br;q=0, gzip;q=0')).toBeNull();
      expect(pickEncoding('identity')).toBeNull();
      expect(pickEncoding(undefined)).toBeNull();
      expect(pickEncoding('')).toBeNull();
    }
  });
});
