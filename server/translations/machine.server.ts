/**
 * "Draft with the model" (decision 0078): the configured OpenAI-compatible model (the assistant's client,
 * server/assistant/llm.server.ts) translates each translatable field of a row from English. Its answers are
 * never trusted: each must be text in the language asked for, within the field's length, one line for a
 * one-line field, and rich text goes through the same sanitiser as an administrator's. Anything else
 * refuses the whole draft (502) and nothing is saved.
 */
import type { FieldDef } from '../../content/kit';
import { chatCompletion, LlmError, type LlmConfig } from '../assistant/llm.server';
import { AppError } from '../lib/errors';
import { sanitizeRichHtml } from '../lib/sanitize';

/** A locale's language in English ('ml' → 'Malayalam'), as the model is told and the admin shows it. */
export function languageName(locale: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(locale) ?? locale;
  } catch {
    return locale;
  }
}

/**
 * The script a translation into a locale is written in, where it is known: an answer without a letter of
 * it is not a translation (the model answered in English, or with something else). A locale not listed
 * here is not checked this way.
 */
const SCRIPTS: Readonly<Record<string, RegExp>> = {
  ml: /\p{Script=Malayalam}/u,
  hi: /\p{Script=Devanagari}/u,
  ta: /\p{Script=Tamil}/u,
  kn: /\p{Script=Kannada}/u,
  te: /\p{Script=Telugu}/u,
};

/** How the model is told to write one field. */
function formatOf(f: FieldDef): string {
  if (f.type === 'html') {
    return 'The text is HTML. Keep every tag and attribute exactly as it is (links, lists, headings); translate only the text between the tags.';
  }
  if (f.type === 'longtext') return 'The text is plain text. Keep its paragraphs and line breaks.';
  return 'The text is plain text on one line. Answer on one line.';
}

/** The system prompt of one field's translation. */
export function translationPrompt(language: string, f: FieldDef, groupLabel: string): string {
  return [
    `You translate the website of an Indian law firm from English into ${language}, for ordinary readers in India.`,
    `The text is the "${f.label}" of a ${groupLabel.toLowerCase()} on the website. ${formatOf(f)}`,
    'Answer with the translation only: no introduction, no notes, no quotation marks around it, no code fences.',
    "Translate faithfully. Do not add or drop anything. Keep names of people, courts, places, laws and sections, numbers and dates as they are, written in the translation's script where that is usual.",
    'The Bar Council of India Rule 36 applies: never add praise, claims of success, guarantees of outcome or invitations to hire the firm.',
  ].join('\n');
}

/** The model's answer without the wrappers models add despite being told (a code fence, surrounding quotes). */
function unwrap(answer: string): string {
  let t = answer.trim();
  const fence = /^```[a-zA-Z]*\s*\n([\s\S]*?)\n?```$/.exec(t);
  if (fence) t = fence[1]!.trim();
  if (t.length > 1 && /^["“'‘]/.test(t) && /["”'’]$/.test(t)) t = t.slice(1, -1).trim();
  return t;
}

/** One field's answer as it may be stored, or the reason it may not. */
export function validAnswer(f: FieldDef, answer: string, locale: string): { text: string } | { problem: string } {
  let text = unwrap(answer);
  if (f.type === 'html') text = sanitizeRichHtml(text);
  else if (f.type !== 'longtext') text = text.replace(/\s*\n\s*/g, ' ');
  const plain =
    f.type === 'html'
      ? text
          .replace(/<[^>]*>/g, ' ')
          .replace(/&nbsp;/g, ' ')
          .trim()
      : text;
  if (!plain) return { problem: 'was empty' };
  if (f.max !== undefined && text.length > f.max)
    return { problem: `was longer than the ${f.max} characters the field allows` };
  const script = SCRIPTS[locale];
  if (script && !script.test(plain)) return { problem: `was not written in ${languageName(locale)}` };
  return { text };
}

/** What the model translates: the group's label in its prompt ('FAQ'), and each text's field (its kind and limit). */
export interface MachineSubject {
  label: string;
  field(name: string, english: string): FieldDef | undefined;
}

/**
 * The model's translation of every field of `source` that has English text, validated field by field.
 * Throws AppError(502) naming the field and the problem when an answer cannot be used or the model fails.
 */
export async function machineTranslate(
  cfg: LlmConfig,
  what: MachineSubject,
  source: Readonly<Record<string, string>>,
  locale: string,
): Promise<Record<string, string>> {
  const language = languageName(locale);
  const out: Record<string, string> = {};
  for (const [name, english] of Object.entries(source)) {
    if (!english.trim()) continue;
    const f = what.field(name, english);
    if (!f) continue;
    let answer: string;
    try {
      // One character over the field's limit is enough to know the answer is too long.
      answer = await chatCompletion(
        cfg,
        [
          { role: 'system', content: translationPrompt(language, f, what.label) },
          { role: 'user', content: english },
        ],
        undefined,
        (f.max ?? 20_000) + 1,
      );
    } catch (err) {
      if (!(err instanceof LlmError)) throw err;
      throw new AppError(
        502,
        `The language model did not answer (${err.message}). Nothing was saved: try again later, or write the translation yourself.`,
      );
    }
    const checked = validAnswer(f, answer, locale);
    if ('problem' in checked) {
      throw new AppError(
        502,
        `The language model's ${language} for ${f.label} ${checked.problem}. Nothing was saved: try again, or write the translation yourself.`,
      );
    }
    out[name] = checked.text;
  }
  return out;
}
