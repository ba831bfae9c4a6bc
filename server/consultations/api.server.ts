import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors';
import {
  CONSULTATION_STATUSES,
  MANUAL_STATUSES,
  type ConsultationRow,
  type ConsultationFilter,
  type ConsultationStatus,
  type MailService,
} from '../mail/service.server';
import type { Services } from '../services';
import { requireAdmin } from '../api/auth-hooks';
import { parseId } from '../content/coerce';
import { z } from 'zod';
import { ADMIN, ROLES_OF, answers, api, arr, int, media, nullable, obj, str, idField, validBody, zodCompiler } from '../api/route-schema';

const tags = ['Mail and consultations'];
const StatusBody = z.object({
  consultation_id: idField('consultation_id'),
  status: z.enum(CONSULTATION_STATUSES, `status must be one of ${CONSULTATION_STATUSES.join(', ')}.`),
});
const status = str(undefined, { enum: [...CONSULTATION_STATUSES] });
/** A consultation request as the inbox calls return it (view). */
const consultation = obj({
  consultation_id: int(),
  reference: str(),
  name: str(),
  email: str(),
  contactNumber: str(),
  LegalIssueSummary: str(),
  datetime: str(),
  status,
  document: nullable(obj({ name: str(), type: str(), url: str() })),
  consent_at: nullable(str('ISO time the visitor confirmed that the form does not create a lawyer–client relationship; null when the request carried no consent')),
  slot: nullable(str('The booked slot (ISO), null for a preferred time')),
  opposing_party: nullable(str()),
  consent_version: nullable(int()),
  decision_note: nullable(str()),
  conflicts: arr({ type: 'object' }, { description: 'What the conflict check found' }),
  lawyer: nullable(obj({ lawyer_id: int(), name: str() }, ['lawyer_id', 'name'], { description: 'The assigned lawyer (decision 0067)' })),
  office: nullable(str('The office city of the booking')),
  mode: nullable(str('in_person or video')),
  practice_area: nullable(obj({ case_category_id: int(), case_name: str() }, ['case_category_id', 'case_name'])),
  video_url: nullable(str('The meeting link of a confirmed video consultation (decision 0068)')),
  locale: nullable(str('The language the request was made in (en, ml, hi); null: made without one (English)')),
  whatsapp_to: nullable(str('The WhatsApp number the client asked to be updated at (digits with the country code); null: none')),
  created_at: str(),
  updated_at: str(),
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
    lawyer: lawyerId !== null ? { lawyer_id: lawyerId, name: names?.lawyers.get(lawyerId) ?? `Lawyer ${lawyerId}` } : null,
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

/** A query parameter that must be a whole number from 1 to `max`; `fallback` when it is absent. */
function wholeNumber(value: unknown, fallback: number, max: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = typeof value === 'string' && /^\d{1,16}$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n < 1 || n > max) {
    throw new AppError(400, `${name} must be a whole number from 1${max < Number.MAX_SAFE_INTEGER ? ` to ${max}` : ''}.`);
  }
  return n;
}

/** The administrator's consultations inbox: list, status changes, private documents. */
export function registerConsultationRoutes(app: FastifyInstance, services: Services, mail: MailService): void {
  const admin = requireAdmin(services);

  const list = api({
    operationId: 'listConsultations',
    tags,
    summary: 'Consultation requests, newest first, a page at a time',
    roles: ROLES_OF.intake,
    security: ADMIN,
    querystring: obj({
      status: str('Only requests in this status'),
      page: str(`Page number (a whole number from 1, default 1)`),
      perPage: str(`Requests a page (1 to ${CONSULTATIONS_MAX_PER_PAGE}, default ${CONSULTATIONS_PER_PAGE})`),
      lawyer: str('Only requests assigned to this lawyer (lawyer_id)'),
      office: str('Only requests at this office (city)'),
      mode: str('Only in_person or video requests'),
      practice_area: str('Only requests of this practice area (case_category_id)'),
    }),
    responses: answers(
      { consultations: arr(consultation), total: int(), page: int(), perPage: int(), pages: int(), counts: obj({}, [], { additionalProperties: int() }) },
      400,
    ),
  });
  app.get('/api/consultations/getall', { preValidation: admin, schema: list }, async (req) => {
    const query = (req.query ?? {}) as Record<string, unknown>;
    const status = query.status;
    if (status !== undefined && !CONSULTATION_STATUSES.includes(status as ConsultationStatus)) {
      throw new AppError(400, `status must be one of ${CONSULTATION_STATUSES.join(', ')}.`);
    }
    const page = wholeNumber(query.page, 1, Number.MAX_SAFE_INTEGER, 'page');
    const perPage = wholeNumber(query.perPage, CONSULTATIONS_PER_PAGE, CONSULTATIONS_MAX_PER_PAGE, 'perPage');
    const filter: ConsultationFilter = {};
    if (query.lawyer !== undefined && query.lawyer !== '') filter.lawyer = wholeNumber(query.lawyer, 1, Number.MAX_SAFE_INTEGER, 'lawyer');
    if (query.practice_area !== undefined && query.practice_area !== '') filter.practiceArea = wholeNumber(query.practice_area, 1, Number.MAX_SAFE_INTEGER, 'practice_area');
    if (typeof query.office === 'string' && query.office.trim()) filter.office = query.office.trim().slice(0, 80);
    if (query.mode !== undefined && query.mode !== '') {
      if (query.mode !== 'in_person' && query.mode !== 'video') throw new AppError(400, 'mode must be in_person or video.');
      filter.mode = query.mode;
    }
    const { rows, total, counts } = await mail.listConsultations({ status: status as string | undefined, page, perPage, filter });
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
  });

  const update = api({
    operationId: 'updateConsultationStatus',
    tags,
    summary: `Change the status of a consultation request by hand (${MANUAL_STATUSES.join(', ')}); the intake flow's statuses change through decideConsultation (409)`,
    roles: ROLES_OF.intake,
    security: ADMIN,
    body: StatusBody,
    responses: answers({ consultation }, 400, 404, 409),
  });
  app.post('/api/consultations/updatestatus', { preValidation: admin, validatorCompiler: zodCompiler, schema: update }, async (req) => {
    const { consultation_id: id, status } = validBody(StatusBody, req);
    // The intake flow's statuses send mail and free or hold slots: they change through decideConsultation.
    const manual = (MANUAL_STATUSES as readonly string[]).includes(status);
    const current = await mail.getConsultation(id);
    if (!current) throw new AppError(404, 'Consultation not found');
    if (!manual || !(MANUAL_STATUSES as readonly string[]).includes(current.status)) {
      throw new AppError(409, 'This request follows the confirmation flow: use Confirm, Decline, Cancel, Completed or No-show (decideConsultation).');
    }
    const row = await mail.setConsultationStatus(id, status);
    if (!row) throw new AppError(404, 'Consultation not found');
    return { statusCode: 200, message: 'Status updated', consultation: view(row, await namesOf(services)) };
  });

  const document = api({
    operationId: 'getConsultationDocument',
    tags,
    summary: 'The private document of a consultation request (a download)',
    roles: ROLES_OF.intake,
    security: ADMIN,
    params: obj({ id: str('consultation_id') }, ['id']),
    responses: { 200: media('application/octet-stream'), ...answers({}, 400, 404) },
  });
  app.get('/api/consultations/:id/document', { preValidation: admin, schema: document }, async (req, reply) => {
    const id = parseId((req.params as { id: string }).id);
    if (id === null) throw new AppError(400, 'The path parameter id must be a whole number from 1.');
    const row = await mail.getConsultation(id);
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
  });
}
