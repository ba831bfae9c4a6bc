/**
 * The admin assistant: the built-in answerer over the site's data, and, when AI_BASE_URL and AI_MODEL
 * are set, a language model that phrases the answer from the facts the built-in answerer retrieved.
 * The model never answers without those facts, and any model failure falls back to the built-in answer.
 */
import type { Services } from '../services';
import { builtinAnswer, type Answer } from './builtin';
import { localDay, showDay } from './dates';
import { chatCompletion, type ChatMessage, type LlmConfig } from './llm';
import { loadSiteData } from './site-data';

export type { Answer } from './builtin';

export const SYSTEM_PROMPT = [
  "You are the assistant inside the admin back office of a law firm's website. The only person you talk to is the site's administrator.",
  'Answer only from the SITE FACTS given with each question (they are computed from the site database and its help text). Never invent names, numbers, dates, links or features; if the facts do not contain the answer, say plainly that you do not know and suggest what you can answer: counts and lists of the site content, how to do things in the admin pages, and a search of blogs, cases, FAQs and events.',
  "Never give legal advice: do not advise clients or the administrator on their legal position, interpret laws or predict the outcome of a case, and do not write such advice for publication as if from the firm. If asked, say that legal advice must come from the firm's advocates in a formal consultation.",
  'Keep admin links exactly as written in the facts (for example /admin-side-bar/event). Reply in short plain text without HTML or Markdown tables.',
].join('\n');

export interface AssistantReply {
  response: string;
  source: 'builtin' | 'model' | 'fallback';
}

export interface AssistantOptions {
  llm?: LlmConfig;
  /** Today's date and time; injectable so answers about 'this month' are testable. */
  clock?: () => Date;
  log?: Pick<Services['log'], 'warn'>;
}

export class Assistant {
  clock: () => Date;
  llm?: LlmConfig;

  constructor(
    private readonly services: Pick<Services, 'content' | 'store' | 'settings'>,
    private readonly opts: AssistantOptions = {},
  ) {
    this.clock = opts.clock ?? (() => new Date());
    this.llm = opts.llm;
  }

  /** The built-in answer, computed from the data as it is now. */
  async builtin(prompt: string): Promise<Answer> {
    const [data, settings] = await Promise.all([loadSiteData(this.services), this.services.settings.get()]);
    return builtinAnswer({ prompt, data, settings, now: this.clock() });
  }

  /**
   * Answers a prompt. With a model configured, the model phrases the answer from the built-in facts;
   * an answer that holds clients' personal data (consultation requests) is given by the built-in
   * assistant alone, so that data never leaves the server.
   */
  async reply(prompt: string): Promise<AssistantReply> {
    const answer = await this.builtin(prompt);
    if (!this.llm || answer.text !== answer.facts) return { response: answer.text, source: 'builtin' };
    const today = showDay(localDay(this.clock()));
    const messages: ChatMessage[] = [
      { role: 'system', content: SYSTEM_PROMPT },
      {
        role: 'user',
        content: `SITE FACTS (today is ${today}; retrieved by the built-in assistant, exact):\n${answer.facts}\n\nQUESTION:\n${prompt}`,
      },
    ];
    try {
      const text = await chatCompletion(this.llm, messages);
      return { response: text, source: 'model' };
    } catch (err) {
      this.opts.log?.warn({ err: (err as Error).message }, 'assistant model failed; using the built-in answer');
      return { response: answer.text, source: 'fallback' };
    }
  }
}
