import type { FastifyInstance } from 'fastify';
import { registerMailRoutes } from './api.server';
import type { Services } from '../services';
import { Outbox } from './outbox.server';
import { MailService } from './service.server';
import { channelTransport, fileTransport, smtpTransport, type MailFrom } from './transport.server';
import { MailWorker, type WorkerOptions } from './worker.server';
import { whatsappTransport } from '../whatsapp/transport.server';

export { MailService } from './service.server';

/**
 * Mail (decision 0105): the outbox, its worker (started when the app is ready, stopped before it closes)
 * and the mail routes. Features queue their messages through the MailService this answers. Poll interval
 * and backoff come from the config (MAIL_POLL_MS, MAIL_RETRY_*), `overrides` lets a caller change any
 * worker option.
 */
export async function registerMail(
  app: FastifyInstance,
  services: Services,
  overrides: Partial<WorkerOptions> = {},
): Promise<MailService> {
  const { config } = services;
  const domain = /@([^>\s]+)>?\s*$/.exec(config.mailFrom)?.[1] ?? new URL(config.publicUrl).hostname;
  const outbox = new Outbox(services.store.db, domain);
  const email = config.smtpUrl
    ? smtpTransport(config.smtpUrl, services.files)
    : fileTransport(config.dataDir, services.files);
  // One outbox for both channels (decision 0073): WhatsApp rows go to the Cloud API, the rest by mail.
  const transport = channelTransport(email, whatsappTransport(services.store.db, config.whatsapp));
  const from = async (): Promise<MailFrom> =>
    config.mailFrom.includes('<')
      ? config.mailFrom
      : { name: (await services.settings.get()).firmName, address: config.mailFrom };
  const worker = new MailWorker(outbox, transport, from, services.log, {
    pollMs: config.mail.pollMs,
    retryBaseMs: config.mail.retryBaseMs,
    retryMaxMs: config.mail.retryMaxMs,
    maxAttempts: 20,
    leaseMs: 5 * 60_000,
    ...overrides,
  });
  const mail = new MailService(services, outbox, () => worker.kick());

  await registerMailRoutes(app, services, mail);
  app.decorate('mailWorker', worker);
  app.addHook('onReady', async () => {
    worker.start();
  });
  app.addHook('preClose', async () => {
    await worker.stop();
  });
  return mail;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox worker (the metrics read its counts). */
    mailWorker: MailWorker;
  }
}
