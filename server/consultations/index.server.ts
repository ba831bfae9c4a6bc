import type { FastifyInstance } from 'fastify';
import type { MailService } from '../mail/service.server';
import type { Services } from '../services';
import type { Whatsapp } from '../whatsapp/service.server';
import { registerConsultationRoutes } from './api.server';
import { registerBookingRoute } from './booking.server';
import { registerDataRightsRoutes, type DataRights } from './data-rights.server';
import { registerLawyerRoutes } from './lawyer-routes.server';
import { Consultations } from './requests.server';
import { registerIntakeRoutes } from './routes.server';
import { Intake } from './service.server';

/**
 * Consultations (decision 0105): the booking call, the inbox, intake (decisions 0017 and 0018: slots, states,
 * signed links, reminders, conflict check), lawyers and data rights. Their messages go through `mail`'s
 * outbox, WhatsApp updates through `whatsapp`; the intake sweep runs while the app does.
 */
export async function registerConsultations(
  app: FastifyInstance,
  services: Services,
  mail: MailService,
  whatsapp: Whatsapp,
): Promise<Consultations> {
  const intake = new Intake(services, mail, whatsapp);
  await intake.init();
  const consultations = new Consultations(services, mail, intake, whatsapp);

  await registerBookingRoute(app, services, consultations);
  registerConsultationRoutes(app, services, consultations);
  registerIntakeRoutes(app, services, intake);
  registerLawyerRoutes(app, services, intake);
  const rights = registerDataRightsRoutes(app, services, intake);
  app.decorate('intake', intake);
  app.decorate('rights', rights);

  app.addHook('onReady', async () => {
    intake.start(services.config.intakeSweepMs);
  });
  // After the mail worker's own preClose (registered first): a sweep still running finishes here, and what
  // it queues waits in the outbox for the next start.
  app.addHook('preClose', async () => {
    await intake.stop();
  });
  return consultations;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The intake flow (tests call intake.sweep() after moving services.clock). */
    intake: Intake;
    /** Data rights (tests call rights.purge(now)). */
    rights: DataRights;
  }
}
