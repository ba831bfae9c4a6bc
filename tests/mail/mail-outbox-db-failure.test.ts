/**
 * The outbox worker when the database fails around a send (decision 0060), on a real SQLite file and a real
 * SMTP server, the database's failures injected at the Kysely level (tests/helpers/db-faults.ts). The lease is ten minutes, so a message sent well
 * within the tests' bounds was not waiting for its lease to end.
 */
import Fastify from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../server/database';
import { migrate } from '../../server/db/index';
import { Outbox } from '../../server/mail/outbox.server';
import { smtpTransport, type MailTransport } from '../../server/mail/transport.server';
import { MailWorker } from '../../server/mail/worker.server';
import { Faults, writesTo } from '../helpers/db-faults';
import { startSink, until, type Sink } from '../helpers/mail-sink';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

interface Rig {
  store: Store;
  faults: Faults;
  box: Outbox;
  sink: Sink;
  worker: MailWorker;
}

async function rig(opts: { from?: (faults: Faults) => Promise<string>; afterSend?: (faults: Faults) => void } = {}): Promise<Rig> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lexfirm-outbox-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const store = openStore({ dataDir: dir });
  cleanups.push(() => store.close());
  await migrate(store);
  const faults = new Faults();
  const box = new Outbox(store.db.withPlugin(faults), 'firm.test');
  const sink = await startSink();
  cleanups.push(() => sink.close());
  const smtp = smtpTransport(sink.url, { open: () => Promise.reject(new Error('no attachments here')) });
  const transport: MailTransport = {
    kind: 'smtp',
    async send(row, from) {
      await smtp.send(row, from);
      opts.afterSend?.(faults);
    },
    close: () => smtp.close(),
  };
  const app = Fastify({ logger: false });
  const from = opts.from ? () => opts.from!(faults) : () => Promise.resolve('no-reply@firm.test');
  const worker = new MailWorker(box, transport, from, app.log, { pollMs: 50, retryBaseMs: 50, retryMaxMs: 200, maxAttempts: 5, leaseMs: 10 * 60_000 });
  cleanups.push(() => worker.stop());
  return { store, faults, box, sink, worker };
}

async function row(r: Rig, mailId: number) {
  return r.store.db.selectFrom('mail_outbox').select(['status', 'attempts', 'locked_until', 'lease_token']).where('mail_id', '=', mailId).executeTakeFirstOrThrow();
}

describe('the outbox worker when the database fails', () => {
  it('releases a claim whose answer was lost once the database returns, and sends the message at once rather than after its lease', async () => {
    const r = await rig();
    const { mailId, messageId } = await r.box.enqueue({ kind: 'admin', to: 'client@client.test', subject: 'Claimed at the wrong moment', text: 't' });
    r.faults.loseAnswerOf = writesTo('mail_outbox'); // the claim: the message is already queued
    r.worker.start();
    await until(() => r.faults.down, (d) => d, 5000, 'the claim to be lost');
    // The claim was written: the row is leased for ten minutes to a worker that never got it.
    const leased = await row(r, mailId);
    expect(leased.lease_token).not.toBeNull();
    expect(leased.attempts).toBe(1);
    await new Promise((res) => setTimeout(res, 400));
    expect(r.sink.messages).toHaveLength(0);
    expect(r.worker.pendingOutcomes).toBe(1);

    r.faults.down = false;
    const [got] = await r.sink.waitFor(1, 5000);
    expect(got!.parsed.messageId).toBe(messageId);
    const sent = await until(() => row(r, mailId), (x) => x.status === 'sent', 5000, 'the row marked sent');
    expect(sent.attempts).toBe(1); // the released claim's attempt is not counted
    expect(r.worker.pendingOutcomes).toBe(0);
    await new Promise((res) => setTimeout(res, 300));
    expect(r.sink.messages).toHaveLength(1);
  });

  it('records a message the mail server accepted while the database was away as sent when it returns, and never sends it twice', async () => {
    let cut = true;
    const r = await rig({
      afterSend: (faults) => {
        if (cut) faults.down = true;
        cut = false;
      },
    });
    const { mailId } = await r.box.enqueue({ kind: 'admin', to: 'client@client.test', subject: 'Sent, then the database went away', text: 't' });
    r.worker.start();
    await r.sink.waitFor(1, 5000);
    await until(() => r.worker.pendingOutcomes, (n) => n === 1, 5000, 'the outcome kept in memory');
    await new Promise((res) => setTimeout(res, 400)); // several passes while the database is away
    expect(r.worker.sent).toBe(0);

    r.faults.down = false;
    const sent = await until(() => row(r, mailId), (x) => x.status === 'sent', 3000, 'the row marked sent');
    expect(sent.lease_token).toBeNull();
    expect(sent.attempts).toBe(1);
    expect(r.worker.sent).toBe(1);
    // A second worker on the same outbox finds nothing to send, and the first sends nothing more.
    expect(await r.box.claimNext(60_000)).toBeNull();
    await new Promise((res) => setTimeout(res, 300));
    expect(r.sink.messages).toHaveLength(1);
  });

  it('gives the lease back when the sender could not be read from the database, and sends the message once it returns', async () => {
    let first = true;
    const r = await rig({
      // The database goes away just as the sender's name is read from the settings.
      from: async (faults) => {
        if (first) faults.down = true;
        first = false;
        if (faults.down) throw new Error('Connection terminated unexpectedly');
        return 'Firm <no-reply@firm.test>';
      },
    });
    const { mailId } = await r.box.enqueue({ kind: 'admin', to: 'client@client.test', subject: 'No sender yet', text: 't' });
    r.worker.start();
    await until(() => r.worker.pendingOutcomes, (n) => n === 1, 5000, 'the release kept in memory');
    await new Promise((res) => setTimeout(res, 400));
    expect(r.sink.messages).toHaveLength(0);

    r.faults.down = false;
    await r.sink.waitFor(1, 3000);
    const sent = await until(() => row(r, mailId), (x) => x.status === 'sent', 3000, 'the row marked sent');
    expect(sent.attempts).toBe(1);
    await new Promise((res) => setTimeout(res, 300));
    expect(r.sink.messages).toHaveLength(1);
  });
});
