import type sanitizeHtml from 'sanitize-html';
import { lazy } from './lazy';

const sanitizer = lazy<typeof sanitizeHtml>('sanitize-html');

/**
 * The allowlist for rich HTML (case content, blog descriptions): formatting, links, lists, headings,
 * tables and images survive; scripts, styles, event handlers, iframes and javascript: URLs do not.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'sub', 'sup',
    'mark', 'small', 'blockquote', 'pre', 'code', 'ul', 'ol', 'li', 'a', 'img', 'figure', 'figcaption', 'span', 'div',
    'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    ol: ['start', 'type'],
    '*': ['class'],
  },
  allowedClasses: { '*': ['text-center', 'text-end', 'text-start', 'lead', /^align-/] } as never,
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const out = { ...attribs };
      if (out.target === '_blank') out.rel = 'noopener noreferrer';
      else delete out.target;
      return { tagName, attribs: out };
    },
  },
};

export function sanitizeRichHtml(html: string): string {
  return sanitizer()(html, OPTIONS).trim();
}
