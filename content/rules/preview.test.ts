import { describe, expect, it } from 'vitest';
import { blogPreview, eventPreview, stripTags } from './preview';

const chars = (n: number) => 'abcdefghij'.repeat(Math.ceil(n / 10)).slice(0, n);

describe('stripping tags', () => {
  it('removes tags, decodes entities and collapses whitespace', () => {
    expect(stripTags('<p>Hello&nbsp;<strong>world</strong> &amp; co</p><p>Next</p>')).toBe('Hello world & co Next');
    expect(stripTags('<script>alert(1)</script><p>ok</p>')).toBe('ok');
    expect(stripTags(null)).toBe('');
  });
});

describe('blog card preview', () => {
  it('keeps text of 250 characters or less as it is', () => {
    expect(blogPreview(`<p>${chars(250)}</p>`)).toBe(chars(250));
  });
  it('text longer than 250 is cut at 350 and followed by an ellipsis', () => {
    expect(blogPreview(chars(251))).toBe(chars(251) + '...');
    expect(blogPreview(chars(350))).toBe(chars(350) + '...');
    expect(blogPreview(chars(351))).toBe(chars(350) + '...');
    expect(blogPreview(`<p>${chars(400)}</p>`)).toBe(chars(350) + '...');
  });
  it('counts characters after the tags are stripped', () => {
    expect(blogPreview(`<p><em>${chars(200)}</em></p>`.repeat(1))).toBe(chars(200));
  });
});

describe('event card preview', () => {
  it('keeps a description of 150 characters or less', () => {
    expect(eventPreview(chars(150))).toBe(chars(150));
  });
  it('longer than 150 is cut at 500 with an ellipsis', () => {
    expect(eventPreview(chars(151))).toBe(chars(151) + '...');
    expect(eventPreview(chars(500))).toBe(chars(500) + '...');
    expect(eventPreview(chars(501))).toBe(chars(500) + '...');
  });
});
