import type { FastifyBaseLogger } from 'fastify';
import { isDatabaseUnavailable } from '../db/index';
import { ClaimInDoubt, type Claimed, type Outbox } from './outbox.server';
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

/** What happened to a claimed message, and the write that records it (false: the lease was no longer ours). */
interface Outcome {
  what: 'sent' | 'retry' | 'failed' | 'release';
  write: () => Promise<boolean>;
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
  /** Outcomes (by mail id) the database could not take when they happened, recorded first on every pass. */
  private readonly unrecorded = new Map<number, Outcome>();
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
      // With outcomes waiting for the database, look again within a second (decision 0060).
      this.timer = setTimeout(() => this.kick(), this.unrecorded.size ? Math.min(this.opts.pollMs, 1000) : this.opts.pollMs);
      this.timer.unref();
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
    if (!(await this.recordUnrecorded())) {
      // Each of these goes out again when its lease ends (same Message-ID), or waits for it: logged to be seen.
      this.log.error({ mailIds: [...this.unrecorded.keys()] }, 'mail outbox: stopped with outcomes the database did not take');
    }
    this.transport.close();
  }

  /** Outcomes kept in memory until the database takes them (decision 0060). */
  get pendingOutcomes(): number {
    return this.unrecorded.size;
  }

  private async drain(): Promise<void> {
    try {
      // Outcomes the database could not take come first; while it still cannot, nothing new is claimed.
      if (!(await this.recordUnrecorded())) return;
      while (!this.stopped) {
        const row = await this.claim();
        if (!row) return;
        await this.deliver(row);
      }
    } catch (err) {
      this.log.error({ err }, 'mail outbox: worker pass failed');
    }
  }

  /** The next due row, or null; a claim left in doubt by a database failure is released on a later pass. */
  private async claim(): Promise<Claimed | null> {
    try {
      return await this.outbox.claimNext(this.opts.leaseMs);
    } catch (err) {
      if (!(err instanceof ClaimInDoubt)) throw err;
      const { mailId, token } = err;
      this.keep(mailId, { what: 'release', write: () => this.outbox.release(mailId, token) }, err.cause);
      return null;
    }
  }

  private async deliver(row: Claimed): Promise<void> {
    let from: MailFrom;
    try {
      from = await this.from();
    } catch (err) {
      // The sender's name is read from the settings: without a database nothing was sent, so the lease goes back.
      if (isDatabaseUnavailable(err)) return this.settle(row.mail_id, { what: 'release', write: () => this.outbox.release(row.mail_id, row.token) });
      return this.attemptFailed(row, err);
    }
    try {
      await this.transport.send(row, from);
    } catch (err) {
      return this.attemptFailed(row, err);
    }
    return this.settle(row.mail_id, { what: 'sent', write: () => this.outbox.markSent(row) });
  }

  /** A send that failed: retried after a backoff, or failed for good (a permanent refusal, too many attempts). */
  private attemptFailed(row: Claimed, err: unknown): Promise<void> {
    const message = err instanceof Error ? err.message : String(err);
    if (err instanceof PermanentMailError || row.attempts >= this.opts.maxAttempts) {
      this.log.error({ mailId: row.mail_id, err: message }, 'mail outbox: message failed');
      return this.settle(row.mail_id, { what: 'failed', write: () => this.outbox.markFailed(row, message) });
    }
    const next = new Date(Date.now() + backoffMs(row.attempts, this.opts.retryBaseMs, this.opts.retryMaxMs));
    this.log.warn({ mailId: row.mail_id, attempts: row.attempts, err: message }, 'mail outbox: will retry');
    return this.settle(row.mail_id, { what: 'retry', write: () => this.outbox.markRetry(row, message, next) });
  }

  /**
   * Records an outcome; when the database cannot take it, keeps it in memory (the row stays under this
   * worker's lease meanwhile, so no other worker sends it) and records it on the next pass (decision 0060).
   */
  private async settle(mailId: number, outcome: Outcome): Promise<void> {
    let recorded: boolean;
    try {
      recorded = await outcome.write();
    } catch (err) {
      this.keep(mailId, outcome, err);
      return;
    }
    this.count(mailId, outcome, recorded);
  }

  private keep(mailId: number, outcome: Outcome, err: unknown): void {
    this.unrecorded.set(mailId, outcome);
    this.log.warn({ mailId, outcome: outcome.what, err }, 'mail outbox: outcome not recorded, recording it again on the next pass');
  }

  private count(mailId: number, outcome: Outcome, recorded: boolean): void {
    if (!recorded) {
      if (outcome.what !== 'release') this.log.warn({ mailId, outcome: outcome.what }, 'mail outbox: lease lost before the outcome was recorded');
      return;
    }
    if (outcome.what === 'sent') this.sent++;
    if (outcome.what === 'failed') this.failed++;
  }

  /** Records the outcomes kept in memory, oldest first; false while the database still cannot take them. */
  private async recordUnrecorded(): Promise<boolean> {
    for (const [mailId, outcome] of this.unrecorded) {
      let recorded: boolean;
      try {
        recorded = await outcome.write();
      } catch {
        return false;
      }
      this.unrecorded.delete(mailId);
      this.count(mailId, outcome, recorded);
    }
    return true;
  }
}
