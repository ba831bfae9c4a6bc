import type { FastifyInstance } from 'fastify';
import type { MailService } from '../mail/service.server';
import type { Services } from '../services';
import { registerWhatsappRoutes } from './routes.server';
import { Whatsapp } from './service.server';

/**
 * WhatsApp updates (decisions 0072 to 0074): the updates queued in the mail outbox (sent by its
 * `whatsappTransport`, which registerMail gives the worker) and the Cloud API's webhook. Off without the settings.
 */
export async function registerWhatsapp(app: FastifyInstance, services: Services, mail: MailService): Promise<Whatsapp> {
  const whatsapp = new Whatsapp(services.store.db, mail.outbox, services.config.whatsapp);
  await registerWhatsappRoutes(app, services, whatsapp);
  return whatsapp;
}
