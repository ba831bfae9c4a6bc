import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CONSENT_LABEL } from '../../content/consultation';
import { BOOKING_FIELDS as F } from '../../content/consultation-fields';
import { CONSENT_REQUIRED_MESSAGE } from '../../content/consultation-schema';
import { PUBLIC, answer, binary, errors, obj, route, str } from '../api/route-schema';
import { readBody } from '../files/multipart';
import { addSuccessFlag } from '../mail/api.server';
import type { Services } from '../services';
import { CONSULTATION_TAGS as tags } from './api.server';
import { CLIENT_LOCALES, isClientLocale, translator } from './catalogs/index';
import { formAnswer } from './pages.server';
import { CONSULTATION_DOC_MAX, honeypotFilled, newReference, type Consultations } from './requests.server';

const success = z.boolean().meta({ description: 'true on 200, false on every failure' });

const contactForm = obj(
  {
    name: str('Name'),
    email: str('Email', { format: 'email' }),
    contactNumber: str('Contact number'),
    LegalIssueSummary: str('Legal issue summary'),
    datetime: str('Preferred date and time'),
    document: binary('Optional document'),
    [F.consent]: str(
      `Optional. The checkbox '${CONSENT_LABEL}' (required on the site's own form): 'true', 'on' or '1' stores the time it was given as consent_at. Left out (or blank), the request is stored with no consent recorded. Any other value answers 400 "${CONSENT_REQUIRED_MESSAGE}".`,
    ),
    [F.slot]: str('Optional: a free slot (ISO start time from listConsultationSlots) instead of a preferred time'),
    [F.opposingParty]: str('Optional: the opposing party (for the conflict check)'),
    [F.noticeVersion]: str('Optional: the version of the privacy notice the visitor saw'),
    [F.locale]: str(
      `Optional: the visitor's language (${CLIENT_LOCALES.join(', ')}); the client's mails and link pages are written in it, the firm's stay English. Left out: English, as the spec's call.`,
      { enum: [...CLIENT_LOCALES] },
    ),
    [F.whatsapp]: str(
      "Optional, only when WhatsApp is configured: 'true', 'on' or '1' asks for the received, confirmed, reminder and cancelled updates on WhatsApp too",
    ),
    [F.whatsappNumber]: str(
      'Optional: the WhatsApp number (with the country code; a 10-digit Indian number is read as +91); the contact number when left blank',
    ),
    [F.honeypot]: str(
      'Honeypot: hidden from people, leave it empty. A request with a value here is answered like a success (with a reference) but nothing is stored or mailed.',
      { maxLength: 0 },
    ),
  },
  ['name', 'email', 'contactNumber', 'LegalIssueSummary', 'datetime'],
);

/**
 * POST /api/mail/contact, the spec's booking call (the Book Consultation form, public, rate-limited): its path
 * is the spec's, its handling the consultations' (decision 0105). It answers like the mail calls (success).
 */
export async function registerBookingRoute(
  app: FastifyInstance,
  services: Services,
  consultations: Consultations,
): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onSend', addSuccessFlag);
    const limit = services.config.consultationRateLimit;

    route(scope, {
      method: 'POST',
      url: '/api/mail/contact',
      config: limit > 0 ? { rateLimit: { max: limit, timeWindow: '1 minute' } } : {},
      schema: {
        operationId: 'bookConsultation',
        roles: PUBLIC,
        tags,
        summary:
          'Book a consultation (public, rate-limited). The answer carries success; a form posted by a browser (Accept: text/html) gets a page.',
        requestBody: {
          required: true,
          content: { 'multipart/form-data': { schema: contactForm }, 'application/json': { schema: contactForm } },
        },
        response: {
          200: answer({ success, reference: z.string().meta({ description: 'Reference of the request' }) }),
          ...errors(400, 413, 415),
        },
      },
      handler: async (req, reply) => {
        const body = await readBody(req, services.files.tmpDir, CONSULTATION_DOC_MAX);
        // In the visitor's language when the call names one (decision 0071); the spec's call is answered as always.
        const asked = body.fields[F.locale];
        const lang = typeof asked === 'string' ? asked.trim().toLowerCase() : '';
        const received = (reference: string) => ({
          statusCode: 200,
          success: true,
          message: translator(isClientLocale(lang) ? lang : 'en').t('form.received', { reference }),
          reference,
        });
        // A browser without JavaScript posted the form itself: answer with a page, not JSON (decision 0017).
        const page = String(req.headers.accept ?? '').includes('text/html');
        try {
          // A request is counted under the page its visit landed on (decision 0058; not with DNT, GPC or a bot).
          const create = async () => {
            const made = await consultations.createConsultation(body);
            await services.insights
              .recordRequest({ ip: req.ip, headers: req.headers })
              .catch((err: unknown) => req.log.error({ err }, 'insights: request not counted'));
            return made;
          };
          if (page)
            return await formAnswer(
              reply,
              services,
              async () => (honeypotFilled(body.fields) ? newReference() : (await create()).reference),
              lang,
            );
          // The hidden honeypot came back filled: a bot. Answer exactly like a success (it learns nothing),
          // but store nothing, queue no mail and keep no file (the temporary upload goes in `finally`).
          if (honeypotFilled(body.fields)) {
            req.log.info({ ip: req.ip }, 'consultation form: honeypot filled, request dropped');
            return received(newReference());
          }
          const { reference } = await create();
          return received(reference);
        } finally {
          await body.cleanup();
        }
      },
    });
  });
}
