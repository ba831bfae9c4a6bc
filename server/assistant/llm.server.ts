/**
 * A client for any OpenAI-compatible chat-completions server (a hosted API, Ollama, vLLM, llama.cpp):
 * POST {baseUrl}/chat/completions with {model, messages}, bearer key when one is set, a hard timeout.
 */

export interface LlmConfig {
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** The parts of a chat-completions answer (or error) that are read. */
interface CompletionBody {
  error?: string | { message?: unknown };
  choices?: { message?: { content?: unknown } }[];
}

export class LlmError extends Error {
  override name = 'LlmError';
}

/** The chat-completions URL of a base URL ('http://host:11434/v1' → 'http://host:11434/v1/chat/completions'). */
export function completionsUrl(baseUrl: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  return base.endsWith('/chat/completions') ? base : `${base}/chat/completions`;
}

const MAX_ANSWER = 8000;

/**
 * Sends the messages; resolves with the model's text (at most `maxAnswer` characters) or rejects with
 * LlmError (HTTP error, bad body, timeout).
 */
export async function chatCompletion(cfg: LlmConfig, messages: ChatMessage[], signal?: AbortSignal, maxAnswer = MAX_ANSWER): Promise<string> {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new LlmError(`model timed out after ${cfg.timeoutMs} ms`)),
    cfg.timeoutMs,
  );
  const onAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (cfg.apiKey) headers.authorization = `Bearer ${cfg.apiKey}`;
    let res: Response;
    try {
      res = await fetch(completionsUrl(cfg.baseUrl), {
        method: 'POST',
        headers,
        body: JSON.stringify({ model: cfg.model, messages, temperature: 0.2, stream: false }),
        signal: controller.signal,
      });
    } catch (err) {
      if (controller.signal.aborted && controller.signal.reason instanceof LlmError) throw controller.signal.reason;
      throw new LlmError(`model request failed: ${(err as Error).message}`);
    }
    let body: CompletionBody;
    try {
      body = (await res.json()) as CompletionBody;
    } catch {
      if (controller.signal.aborted && controller.signal.reason instanceof LlmError) throw controller.signal.reason;
      throw new LlmError(`model answered ${res.status} without JSON`);
    }
    if (!res.ok) {
      const e = body?.error;
      const detail = typeof e === 'string' ? e : typeof e?.message === 'string' ? e.message : '';
      throw new LlmError(`model answered ${res.status}${detail ? `: ${detail}` : ''}`);
    }
    const content = body?.choices?.[0]?.message?.content;
    if (typeof content !== 'string' || !content.trim()) throw new LlmError('model answered without content');
    return content.trim().slice(0, maxAnswer);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}
