/**
 * The admin assistant. The legal-advice guard runs first; then the built-in answer is computed from the
 * knowledge index (rebuilt when content or settings change, here or on another instance). When
 * AI_BASE_URL and AI_MODEL are set, a language model phrases the answer from the same retrieved facts;
 * it never answers without them, never sees clients' personal data, and any failure falls back to the
 * built-in answer.
 */
import { resources } from '../../content/resources/index';
import { readContentVersion } from '../cluster/version';
import type { Row } from '../content/service';
import type { Services } from '../services';
import { builtinAnswer, type Answer } from './builtin.server';
import { localDay, showDay } from './dates.server';
import { CONSULTATIONS, Knowledge } from './knowledge.server';
import { chatCompletion, type ChatMessage, type LlmConfig } from './llm.server';

export type { Answer } from './builtin.server';

export const SYSTEM_PROMPT = [
  "You are the assistant inside the admin back office of a law firm's website. The only person you talk to is the site's administrator.",
  'Answer only from the SITE FACTS given with each question (they are retrieved from the site database, its settings and its help). Never invent names, numbers, dates, links or features; if the facts do not contain the answer, say plainly that you do not know and suggest what you can answer: counts and lists of the site content, details of one item, the firm details in the settings, and how to do things in the admin pages.',
  "Never give legal advice: do not advise anyone on their legal position, interpret laws or predict the outcome of a case, and do not write such advice for publication as if from the firm. If asked, say that legal advice must come from the firm's advocates in a consultation.",
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

/** Newest consultation requests the assistant reads per question. */
const INBOX_MAX = 500;

export class Assistant {
  clock: () => Date;
  llm?: LlmConfig;
  private knowledge: { version: number; built: Promise<Knowledge> } | null = null;

  constructor(
    private readonly services: Pick<Services, 'content' | 'store' | 'settings'>,
    private readonly opts: AssistantOptions = {},
  ) {
    this.clock = opts.clock ?? (() => new Date());
    this.llm = opts.llm;
    services.content.changes.on('change', () => (this.knowledge = null));
  }

  /** The index, rebuilt after a write here (change event) or on another instance (shared content version). */
  async current(): Promise<Knowledge> {
    const version = await readContentVersion(this.services.store.db);
    if (!this.knowledge || this.knowledge.version !== version) {
      const built = this.build();
      this.knowledge = { version, built };
      built.catch(() => {
        if (this.knowledge?.built === built) this.knowledge = null;
      });
    }
    return this.knowledge.built;
  }

  private async build(): Promise<Knowledge> {
    const rows = new Map<string, Row[]>();
    for (const r of resources) rows.set(r.key, await this.services.content.list(r));
    return new Knowledge(rows, await this.services.settings.get());
  }

  /**
   * The built-in answer, from the index and the consultations inbox as they are now. Without
   * `consultations` (an editor, decision 0040) the inbox is not read and questions about it are declined.
   */
  async builtin(prompt: string, { consultations = true }: { consultations?: boolean } = {}): Promise<Answer> {
    const knowledge = await this.current();
    if (!consultations) return builtinAnswer({ prompt, knowledge, live: new Map(), now: this.clock() });
    const inbox = (await this.services.store.db
      .selectFrom('consultations')
      .select(['consultation_id', 'reference', 'name', 'requested_at', 'status', 'created_at'])
      .orderBy('consultation_id', 'desc')
      .limit(INBOX_MAX)
      .execute()) as Row[];
    return builtinAnswer({ prompt, knowledge, live: new Map([[CONSULTATIONS.key, inbox]]), now: this.clock() });
  }

  /**
   * Answers a prompt. With a model configured, the model phrases the answer from the built-in facts,
   * except a refusal of legal advice and an answer holding clients' personal data (consultation
   * requests), which the built-in assistant gives alone.
   */
  async reply(prompt: string, access: { consultations?: boolean } = {}): Promise<AssistantReply> {
    const answer = await this.builtin(prompt, access);
    if (!this.llm || answer.personal || answer.kind === 'refusal') return { response: answer.text, source: 'builtin' };
    const today = showDay(localDay(this.clock()));
    const messages: ChatMessage[] = [
      { role: 'system', content: SYSTEM_PROMPT },
      {
        role: 'user',
        content: `SITE FACTS (today is ${today}; retrieved by the built-in assistant, exact):\n${answer.text}\n\nQUESTION:\n${prompt}`,
      },
    ];
    try {
      return { response: await chatCompletion(this.llm, messages), source: 'model' };
    } catch (err) {
      this.opts.log?.warn({ err: (err as Error).message }, 'assistant model failed; using the built-in answer');
      return { response: answer.text, source: 'fallback' };
    }
  }
}
