import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { startServer, type Json, type TestServer } from './server';

/**
 * A local server speaking the OpenAI chat-completions protocol (the hosted model is the one thing stubbed);
 * its behaviour is switched per test through `mode`, and every request it got is in `requests`.
 */
export interface FakeModel<Mode extends string> {
  url: string;
  mode: Mode;
  requests: { path: string; auth?: string; body: Json }[];
  close(): Promise<void>;
}

/** What the model answers a request: a status and JSON body, or `hold` to never answer (a timeout). */
export type FakeAnswer = { status: number; json: unknown } | 'hold';

/** A chat completion whose one choice says `content`, as the protocol shapes it. */
export function completion(body: Json, content: string): FakeAnswer {
  return {
    status: 200,
    json: {
      id: 'chatcmpl-1',
      object: 'chat.completion',
      model: body.model,
      choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
    },
  };
}

/** Starts the model on a free port; `answer` decides each reply from the request body and the current mode. */
export async function startFakeModel<Mode extends string>(
  mode: Mode,
  answer: (body: Json, mode: Mode) => FakeAnswer,
): Promise<FakeModel<Mode>> {
  const held: ServerResponse[] = [];
  const model: FakeModel<Mode> = { url: '', mode, requests: [], close: async () => {} };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = JSON.parse(raw || '{}');
      model.requests.push({ path: req.url ?? '', auth: req.headers.authorization, body });
      const reply = answer(body, model.mode);
      if (reply === 'hold') return void held.push(res);
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply.json));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  model.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  model.close = async () => {
    for (const res of held) res.destroy();
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  };
  return model;
}

/**
 * For a describe block: the model started, then a signed-in server whose AI_* settings point at it (key
 * `sk-test`, model `tiny-model`, plus `env`); both closed after the block. Read the fields in tests and hooks.
 */
export function serverWithModel<Mode extends string>(
  start: () => Promise<FakeModel<Mode>>,
  env: Record<string, string>,
): { model: FakeModel<Mode>; s: TestServer; cookie: string } {
  const ctx = {} as { model: FakeModel<Mode>; s: TestServer; cookie: string };
  beforeAll(async () => {
    ctx.model = await start();
    ctx.s = await startServer({
      env: { AI_BASE_URL: ctx.model.url, AI_API_KEY: 'sk-test', AI_MODEL: 'tiny-model', ...env },
    });
    ctx.cookie = await ctx.s.login();
  });
  afterAll(async () => {
    await ctx.s?.close();
    await ctx.model?.close();
  });
  return ctx;
}
