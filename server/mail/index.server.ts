import type { FastifyInstance } from 'fastify';
import { registerConsultationRoutes } from '../consultations/api.server';
import { registerMailRoutes } from './api.server';
import { registerDataRightsRoutes, type DataRights } from '../consultations/data-rights.server';
import { registerIntakeRoutes } from '../consultations/routes.server';
import { registerLawyerRoutes } from '../consultations/lawyer-routes.server';
import { Intake } from '../consultations/service.server';
import type { Services } from '../services';
import { Outbox } from './outbox.server';
import { MailService } from './service.server';
import { fileTransport, smtpTransport, type MailFrom } from './transport.server';
import { MailWorker, type WorkerOptions } from './worker.server';
import { registerWhatsappRoutes } from '../whatsapp/routes.server';
import { channelTransport, Whatsapp, whatsappTransport } from '../whatsapp/service.server';

export { MailService } from './service.server';

/**
 * Consultations and mail: the outbox, its worker (started when the app is ready, stopped before it
 * closes) and the routes. Poll interval and backoff come from the config (MAIL_POLL_MS, MAIL_RETRY_*),
 * `overrides` lets a caller change any worker option.
 */
export async function registerMail(
  app: FastifyInstance,
  services: Services,
  overrides: Partial<WorkerOptions> = {},
): Promise<MailService> {
  const { config } = services;
  const domain = /@([^>\s]+)>?\s*$/.exec(config.mailFrom)?.[1] ?? new URL(config.publicUrl).hostname;
  const outbox = new Outbox(services.store.db, domain);
  const email = config.smtpUrl ? smtpTransport(config.smtpUrl, services.files) : fileTransport(config.dataDir, services.files);
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
  mail.whatsapp = new Whatsapp(services.store.db, outbox, config.whatsapp);
  // Intake (decisions 0017 and 0018): slots, states, signed links, reminders, conflict check, data rights.
  const intake = new Intake(services, mail);
  await intake.init();
  mail.intake = intake;

  await registerMailRoutes(app, services, mail);
  registerConsultationRoutes(app, services, mail);
  registerIntakeRoutes(app, services, intake);
  registerLawyerRoutes(app, services, intake);
  const rights = registerDataRightsRoutes(app, services, intake);
  await registerWhatsappRoutes(app, services, mail.whatsapp);
  app.decorate('intake', intake);
  app.decorate('rights', rights);
  app.decorate('mailWorker', worker);

  app.addHook('onReady', async () => {
    worker.start();
    intake.start(config.intakeSweepMs);
  });
  app.addHook('preClose', async () => {
    intake.stop();
    await worker.stop();
  });
  return mail;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The intake flow (tests call intake.sweep() after moving services.clock). */
    intake: Intake;
    /** Data rights (tests call rights.purge(now)). */
    rights: DataRights;
    /** The outbox worker (the metrics read its counts). */
    mailWorker: MailWorker;
  }
}
