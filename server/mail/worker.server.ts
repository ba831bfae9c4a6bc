import type { FastifyBaseLogger } from 'fastify';
import { isDatabaseUnavailable } from '../db/index';
import type { Claimed, Outbox } from './outbox.server';
import { PermanentMailError, type MailFrom, type MailTransport } from './transport.server';

export interface WorkerOptions {
  pollMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
  /** Attempts before a message is marked failed. */
  maxAttempts: number;
  /** How long a claimed row stays reserved for this worker (longer than any one send). */
  leaseMs: number;
}

/** Delay before attempt n+1 after n failed attempts: base · 2^(n-1), capped. */
export function backoffMs(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, Math.min(attempts - 1, 30)));
}

/**
 * Sends the outbox in the server process: one row at a time, claimed with a lease, outcome recorded
 * as sent, retrying (with exponential backoff) or failed. Timers are unref'd, so an idle worker never
 * keeps the process alive; stop() waits for the message in flight.
 */
export class MailWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  /** Messages this process sent, and gave up on (the metrics read them, decision 0050). */
  sent = 0;
  failed = 0;

  constructor(
    private readonly outbox: Outbox,
    private readonly transport: MailTransport,
    private readonly from: () => Promise<MailFrom>,
    private readonly log: FastifyBaseLogger,
    private readonly opts: WorkerOptions,
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.kick();
  }

  /** Looks at the outbox now (a message was just queued). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.running = this.drain().finally(() => {
      this.running = null;
      if (this.stopped) return;
      if (this.again) {
        this.again = false;
        this.kick();
        return;
      }
      this.timer = setTimeout(() => this.kick(), this.opts.pollMs);
      this.timer.unref();
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
    this.transport.close();
  }

  private async drain(): Promise<void> {
    try {
      while (!this.stopped) {
        const row = await this.outbox.claimNext(this.opts.leaseMs);
        if (!row) return;
        await this.deliver(row);
      }
    } catch (err) {
      this.log.error({ err }, 'mail outbox: worker pass failed');
    }
  }

  /**
   * Records a send's outcome, trying again while the database is unreachable (decision 0051): a message
   * handed to the mail server just before a database restart is marked sent once the database is back,
   * instead of waiting out its lease and going out twice.
   */
  private async record(row: Claimed, write: () => Promise<boolean>): Promise<boolean> {
    const until = Date.now() + this.opts.leaseMs / 2;
    for (;;) {
      try {
        return await write();
      } catch (err) {
        if (!isDatabaseUnavailable(err) || Date.now() > until) throw err;
        this.log.warn({ mailId: row.mail_id }, 'mail outbox: database unreachable, recording the outcome again in 1 s');
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  }

  private async deliver(row: Claimed): Promise<void> {
    try {
      await this.transport.send(row, await this.from());
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (err instanceof PermanentMailError || row.attempts >= this.opts.maxAttempts) {
        this.log.error({ mailId: row.mail_id, err: message }, 'mail outbox: message failed');
        if (await this.record(row, () => this.outbox.markFailed(row, message))) this.failed++;
      } else {
        const next = new Date(Date.now() + backoffMs(row.attempts, this.opts.retryBaseMs, this.opts.retryMaxMs));
        this.log.warn({ mailId: row.mail_id, attempts: row.attempts, err: message }, 'mail outbox: will retry');
        await this.record(row, () => this.outbox.markRetry(row, message, next));
      }
      return;
    }
    const recorded = await this.record(row, () => this.outbox.markSent(row));
    if (recorded) this.sent++;
    if (!recorded) this.log.warn({ mailId: row.mail_id }, 'mail outbox: lease lost before the message was marked sent');
  }
}
