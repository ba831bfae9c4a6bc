import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors';
import {
  CONSULTATION_STATUSES,
  MANUAL_STATUSES,
  type ConsultationRow,
  type ConsultationFilter,
  type Consultations,
} from './requests.server';
import type { Services } from '../services';
import { requireAdmin } from '../api/auth-hooks';
import { parseId } from '../content/coerce';
import { z } from 'zod';
import { MODES } from '../../content/lawyers';
import { ADMIN, ROLES_OF, answer, errors, idField, media, route } from '../api/route-schema';

/** The API reference's group of the consultations' calls (with the spec's mail calls). */
export const CONSULTATION_TAGS = ['Mail and consultations'];
const tags = CONSULTATION_TAGS;
const StatusBody = z.object({
  consultation_id: idField('consultation_id'),
  status: z.enum(CONSULTATION_STATUSES, `status must be one of ${CONSULTATION_STATUSES.join(', ')}.`),
});
const nullable = (description: string) => z.string().nullable().meta({ description });
/** A consultation request as the inbox calls return it (view). */
const Consultation = z.strictObject({
  consultation_id: z.number().int(),
  reference: z.string(),
  name: z.string(),
  email: z.string(),
  contactNumber: z.string(),
  LegalIssueSummary: z.string(),
  datetime: z.string(),
  status: z.enum(CONSULTATION_STATUSES),
  document: z.strictObject({ name: z.string().nullable(), type: z.string().nullable(), url: z.string() }).nullable(),
  consent_at: nullable(
    'ISO time the visitor confirmed that the form does not create a lawyer–client relationship; null when the request carried no consent',
  ),
  slot: nullable('The booked slot (ISO), null for a preferred time'),
  opposing_party: z.string().nullable(),
  consent_version: nullable('The version of the privacy notice consented to (text, as stored)'),
  decision_note: z.string().nullable(),
  conflicts: z.array(z.unknown()).meta({ description: 'What the conflict check found' }),
  lawyer: z
    .strictObject({ lawyer_id: z.number().int(), name: z.string() })
    .nullable()
    .meta({ description: 'The assigned lawyer (decision 0067)' }),
  office: nullable('The office city of the booking'),
  mode: nullable('in_person or video'),
  practice_area: z.strictObject({ case_category_id: z.number().int(), case_name: z.string() }).nullable(),
  video_url: nullable('The meeting link of a confirmed video consultation (decision 0068)'),
  locale: nullable('The language the request was made in (en, ml, hi); null: made without one (English)'),
  whatsapp_to: nullable(
    'The WhatsApp number the client asked to be updated at (digits with the country code); null: none',
  ),
  created_at: z.string(),
  updated_at: z.string(),
});

/** Names of lawyers and practice areas for the inbox's rows. */
interface Names {
  lawyers: Map<number, string>;
  areas: Map<number, string>;
  videoBase: string;
}

function view(r: ConsultationRow, names?: Names) {
  const lawyerId = r.lawyer_id === null || r.lawyer_id === undefined ? null : Number(r.lawyer_id);
  const areaId = r.practice_area_id === null || r.practice_area_id === undefined ? null : Number(r.practice_area_id);
  return {
    consultation_id: r.consultation_id,
    reference: r.reference,
    name: r.name,
    email: r.email,
    contactNumber: r.contact_number,
    LegalIssueSummary: r.legal_issue_summary,
    datetime: r.requested_at,
    status: r.status,
    document: r.document_path
      ? { name: r.document_name, type: r.document_type, url: `/api/consultations/${r.consultation_id}/document` }
      : null,
    /** ISO time the visitor gave the consent; null for requests stored before it existed. */
    consent_at: r.consent_at ?? null,
    /** Intake (decision 0017): the booked slot (null for a preferred time), the opposing party, the notice version consented to, the firm's note, and what the conflict check found. */
    slot: r.slot_start ?? null,
    opposing_party: r.opposing_party ?? null,
    consent_version: r.consent_version ?? null,
    decision_note: r.decision_note ?? null,
    conflicts: conflictsOf(r.conflict),
    lawyer:
      lawyerId !== null ? { lawyer_id: lawyerId, name: names?.lawyers.get(lawyerId) ?? `Lawyer ${lawyerId}` } : null,
    office: r.office ?? null,
    mode: r.mode ?? null,
    practice_area: areaId !== null ? { case_category_id: areaId, case_name: names?.areas.get(areaId) ?? '' } : null,
    video_url: r.video_room && names ? `${names.videoBase}/${r.video_room}` : null,
    /** The client's language and WhatsApp opt-in (decisions 0071, 0072). */
    locale: r.locale ?? null,
    whatsapp_to: r.whatsapp_to ?? null,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

function conflictsOf(raw: string | null | undefined): unknown[] {
  if (!raw) return [];
  try {
    const v: unknown = JSON.parse(raw);
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
}

async function namesOf(services: Services): Promise<Names> {
  const db = services.store.db;
  const [lawyers, areas] = await Promise.all([
    db.selectFrom('lawyers').select(['lawyer_id', 'name']).execute(),
    db.selectFrom('case_categories').select(['case_category_id', 'case_name']).execute(),
  ]);
  return {
    lawyers: new Map(lawyers.map((l) => [Number(l.lawyer_id), String(l.name)])),
    areas: new Map(areas.map((a) => [Number(a.case_category_id), String(a.case_name ?? '')])),
    videoBase: services.config.videoMeetingBaseUrl,
  };
}

/** Requests a page of the inbox holds unless `perPage` asks for another number (at most 200). */
export const CONSULTATIONS_PER_PAGE = 50;
const CONSULTATIONS_MAX_PER_PAGE = 200;

/** A query parameter that must be a whole number from 1 to `max` (digits); absent or blank: undefined. */
function wholeNumber(name: string, max = Number.MAX_SAFE_INTEGER) {
  const message = `${name} must be a whole number from 1${max < Number.MAX_SAFE_INTEGER ? ` to ${max}` : ''}.`;
  return z
    .string(message)
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return undefined;
      const n = /^\d{1,16}$/.test(value) ? Number(value) : NaN;
      if (Number.isSafeInteger(n) && n >= 1 && n <= max) return n;
      ctx.addIssue({ code: 'custom', message, input: value });
      return z.NEVER;
    });
}

/** The inbox's query: the spec's list with no parameters, or a page of it narrowed by status and routing. */
const ListQuery = z.object({
  status: z
    .enum(CONSULTATION_STATUSES, `status must be one of ${CONSULTATION_STATUSES.join(', ')}.`)
    .optional()
    .meta({ description: 'Only requests in this status' }),
  page: wholeNumber('page').meta({ description: 'Page number (a whole number from 1, default 1)' }),
  perPage: wholeNumber('perPage', CONSULTATIONS_MAX_PER_PAGE).meta({
    description: `Requests a page (1 to ${CONSULTATIONS_MAX_PER_PAGE}, default ${CONSULTATIONS_PER_PAGE})`,
  }),
  lawyer: wholeNumber('lawyer').meta({ description: 'Only requests assigned to this lawyer (lawyer_id)' }),
  office: z.string('office must be text.').optional().meta({ description: 'Only requests at this office (city)' }),
  mode: z
    .union([z.enum(MODES), z.literal('')], 'mode must be in_person or video.')
    .optional()
    .meta({ description: 'Only in_person or video requests' }),
  practice_area: wholeNumber('practice_area').meta({
    description: 'Only requests of this practice area (case_category_id)',
  }),
});

/** The administrator's consultations inbox: list, status changes, private documents. */
export function registerConsultationRoutes(
  app: FastifyInstance,
  services: Services,
  consultations: Consultations,
): void {
  const admin = requireAdmin(services);

  route(app, {
    method: 'GET',
    url: '/api/consultations/getall',
    preValidation: admin,
    schema: {
      operationId: 'listConsultations',
      tags,
      summary: 'Consultation requests, newest first, a page at a time',
      roles: ROLES_OF.intake,
      security: ADMIN,
      querystring: ListQuery,
      response: {
        200: answer({
          consultations: z.array(Consultation),
          total: z.number().int(),
          page: z.number().int(),
          perPage: z.number().int(),
          pages: z.number().int(),
          counts: z.record(z.enum(CONSULTATION_STATUSES), z.number().int()),
        }),
        ...errors(400, 401, 403),
      },
    },
    handler: async (req) => {
      const query = req.query;
      const page = query.page ?? 1;
      const perPage = query.perPage ?? CONSULTATIONS_PER_PAGE;
      const filter: ConsultationFilter = {};
      if (query.lawyer !== undefined) filter.lawyer = query.lawyer;
      if (query.practice_area !== undefined) filter.practiceArea = query.practice_area;
      if (query.office?.trim()) filter.office = query.office.trim().slice(0, 80);
      if (query.mode) filter.mode = query.mode;
      const { rows, total, counts } = await consultations.listConsultations({
        status: query.status,
        page,
        perPage,
        filter,
      });
      const names = await namesOf(services);
      return {
        statusCode: 200,
        message: 'Consultations fetched successfully',
        consultations: rows.map((r) => view(r, names)),
        total,
        page,
        perPage,
        pages: Math.max(1, Math.ceil(total / perPage)),
        counts,
      };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/consultations/updatestatus',
    preValidation: admin,
    schema: {
      operationId: 'updateConsultationStatus',
      tags,
      summary: `Change the status of a consultation request by hand (${MANUAL_STATUSES.join(', ')}); the intake flow's statuses change through decideConsultation (409)`,
      roles: ROLES_OF.intake,
      security: ADMIN,
      body: StatusBody,
      response: { 200: answer({ consultation: Consultation }), ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (req) => {
      const { consultation_id: id, status } = req.body;
      // The intake flow's statuses send mail and free or hold slots: they change through decideConsultation.
      const manual = (MANUAL_STATUSES as readonly string[]).includes(status);
      const current = await consultations.getConsultation(id);
      if (!current) throw new AppError(404, 'Consultation not found');
      if (!manual || !(MANUAL_STATUSES as readonly string[]).includes(current.status)) {
        throw new AppError(
          409,
          'This request follows the confirmation flow: use Confirm, Decline, Cancel, Completed or No-show (decideConsultation).',
        );
      }
      const row = await consultations.setConsultationStatus(id, status);
      if (!row) throw new AppError(404, 'Consultation not found');
      return { statusCode: 200, message: 'Status updated', consultation: view(row, await namesOf(services)) };
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/consultations/:id/document',
    preValidation: admin,
    schema: {
      operationId: 'getConsultationDocument',
      tags,
      summary: 'The private document of a consultation request (a download)',
      roles: ROLES_OF.intake,
      security: ADMIN,
      params: z.object({ id: z.string().meta({ description: 'consultation_id' }) }),
      response: { 200: media('application/octet-stream'), ...errors(400, 401, 403, 404) },
    },
    handler: async (req, reply) => {
      const id = parseId(req.params.id);
      if (id === null) throw new AppError(400, 'The path parameter id must be a whole number from 1.');
      const row = await consultations.getConsultation(id);
      if (!row?.document_path) throw new AppError(404, 'Document not found');
      const file = await services.files.open(row.document_path);
      if (!file) throw new AppError(404, 'Document not found');
      const name = row.document_name ?? 'document';
      const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
      reply
        .header('content-type', row.document_type ?? 'application/octet-stream')
        .header('content-length', String(file.size))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`);
      return reply.send(file.stream);
    },
  });
}
