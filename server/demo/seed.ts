import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ResourceKey } from '../../content/kit';
import { resourceByKey, resources } from '../../content/resources/index';
import { DEFAULT_SETTINGS } from '../../content/settings';
import type { ParsedBody, TempFile } from '../files/multipart';
import type { Row } from '../content/service';
import type { Services } from '../services';
import { nowIso } from '../db/index';
import type { Insertable } from 'kysely';
import type { Database } from '../database';
import { demoTranslationItems } from './translations/index';
import {
  DEMO_GALLERY_KEYS,
  type DemoBlogKey,
  type DemoCaseKey,
  type DemoCategoryKey,
  type DemoEventKey,
  type DemoFaqKey,
  type DemoGalleryKey,
  type DemoIds,
  type DemoReviewKey,
  type DemoVacancyKey,
} from './translations/types';

/**
 * Demo content for a fresh database: a complete site for the fictional firm of DEFAULT_SETTINGS
 * (Harrow & Vale Legal Consultants, Kochi, 1993). Every row goes through ContentService.create, so the
 * shipped pictures and PDFs (db/demo/, made by scripts/generate-demo-images.ts) are checked and stored
 * exactly like uploads. Event and ad dates are computed from the seed time. Every row with text, and the
 * settings' texts, are then published in Malayalam and Hindi (./translations, decision 0080), so every
 * public page reads in all three languages.
 */

const MARKER = 'demo_seeded';

/** db/demo next to the sources (server/demo/seed.ts) or next to the bundle (dist/server.js). */
function findDemoDir(): string | null {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../../db/demo'), path.resolve(here, '../db/demo'), path.resolve('db/demo')];
  return candidates.find((d) => existsSync(path.join(d, 'images'))) ?? null;
}

/* ---------- dates relative to the seed time (local calendar, as visitors see it) ---------- */

function ymd(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

function addDays(d: Date, days: number): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + days);
}

/* ---------- the content ---------- */

/** One row to create: plain fields plus files (field name → path under db/demo). */
interface Item {
  fields: Record<string, string | number>;
  files?: Record<string, string>;
}

const CATEGORIES: readonly { key: DemoCategoryKey; name: string }[] = [
  { key: 'family', name: 'Family Law' },
  { key: 'property', name: 'Property & Real Estate' },
  { key: 'criminal', name: 'Criminal Defence' },
  { key: 'corporate', name: 'Corporate & Commercial' },
  { key: 'consumer', name: 'Consumer Protection' },
  { key: 'employment', name: 'Employment Law' },
];
type CategoryKey = DemoCategoryKey;

/** Case titles by category; `details` names a text file (and optionally a PDF) for the case view. */
const CASES: { key: DemoCaseKey; category: CategoryKey; title: string; details?: string; file?: string }[] = [
  {
    key: 'mutual-divorce',
    category: 'family',
    title: 'Mutual consent divorce concluded in eight months with a shared parenting plan',
    details: 'case-mutual-divorce',
  },
  {
    key: 'interim-maintenance',
    category: 'family',
    title: 'Interim maintenance secured for a homemaker and her two children',
    details: 'case-interim-maintenance',
  },
  { key: 'guardianship', category: 'family', title: 'Guardianship of a minor granted to the maternal grandparents' },
  {
    key: 'partition-mediation',
    category: 'property',
    title: 'Ancestral property partition in Ernakulam settled through mediation',
    details: 'case-partition-mediation',
  },
  {
    key: 'builder-refund',
    category: 'property',
    title: 'Builder directed to refund a homebuyer with interest for a delayed apartment',
    details: 'case-builder-refund',
  },
  {
    key: 'tenant-eviction',
    category: 'property',
    title: 'Eviction ordered for the bona fide need of a landlord’s family',
    details: 'case-tenant-eviction',
    file: 'files/rent-control-order-summary.pdf',
  },
  {
    key: 'anticipatory-bail',
    category: 'criminal',
    title: 'Anticipatory bail for elderly parents named in a matrimonial complaint',
    details: 'case-anticipatory-bail',
  },
  {
    key: 'cheque-acquittal',
    category: 'criminal',
    title: 'Acquittal in a cheque dishonour prosecution under Section 138',
    details: 'case-cheque-acquittal',
  },
  {
    key: 'shareholder-arbitration',
    category: 'corporate',
    title: 'Shareholder deadlock in a family spice export company resolved by arbitration',
    details: 'case-shareholder-arbitration',
  },
  {
    key: 'invoice-recovery',
    category: 'corporate',
    title: 'Recovery of unpaid invoices for a software services firm through a commercial suit',
  },
  {
    key: 'hospital-negligence',
    category: 'consumer',
    title: 'Hospital held liable for a surgical sponge left after an operation',
    details: 'case-hospital-negligence',
  },
  {
    key: 'insurance-claim',
    category: 'consumer',
    title: 'Insurer directed to pay a wrongly rejected health insurance claim',
    details: 'case-insurance-claim',
    file: 'files/health-claim-order-summary.pdf',
  },
  {
    key: 'reinstatement',
    category: 'employment',
    title: 'Reinstatement with back wages for a factory worker dismissed without enquiry',
    details: 'case-reinstatement',
  },
  {
    key: 'gratuity-recovery',
    category: 'employment',
    title: 'Gratuity and leave encashment recovered for a retired bank officer',
    details: 'case-gratuity-recovery',
  },
];

/** Oldest first: the list shows the newest (highest id) first. */
const BLOGS: { key: DemoBlogKey; category: CategoryKey; title: string; text: string; image: string; file?: string }[] = [
  {
    key: 'final-settlement',
    category: 'employment',
    title: 'Your Rights When Your Employer Holds Back the Final Settlement',
    text: 'blog-final-settlement',
    image: 'images/blog-final-settlement.jpg',
  },
  {
    key: 'founders-agreement',
    category: 'corporate',
    title: 'Founders’ Agreements: Five Clauses Small Businesses Overlook',
    text: 'blog-founders-agreement',
    image: 'images/blog-founders-agreement.jpg',
  },
  {
    key: 'anticipatory-bail',
    category: 'criminal',
    title: 'Anticipatory Bail Explained: When and How to Apply',
    text: 'blog-anticipatory-bail',
    image: 'images/blog-anticipatory-bail.jpg',
  },
  {
    key: 'consumer-complaint',
    category: 'consumer',
    title: 'Filing a Consumer Complaint Online: A Practical Guide to e-Daakhil',
    text: 'blog-consumer-complaint',
    image: 'images/blog-consumer-complaint.jpg',
  },
  {
    key: 'mutual-divorce',
    category: 'family',
    title: 'Mutual Consent Divorce in India: Timelines, Documents and the Cooling-off Period',
    text: 'blog-mutual-divorce',
    image: 'images/blog-mutual-divorce.jpg',
  },
  {
    key: 'title-check',
    category: 'property',
    title: 'Before You Buy: A Title Verification Checklist for Property in Kerala',
    text: 'blog-title-check',
    image: 'images/blog-title-check.jpg',
    file: 'files/property-title-checklist.pdf',
  },
];

interface DemoSpeaker {
  name: string;
  designation: string;
  /** Days after the event's start date. */
  day: number;
  from: string;
  to: string;
  image: string;
}

function events(now: Date): { key: DemoEventKey; fields: Record<string, string>; image: string; speakers: DemoSpeaker[] }[] {
  const soon = addDays(now, 21);
  const later = addDays(now, 60);
  const lastMonth = new Date(now.getFullYear(), now.getMonth() - 1, 15);
  const camp = addDays(now, 120);
  return [
    {
      key: 'property-rights',
      fields: {
        event_title: 'Know Your Property Rights',
        event_description:
          'A free public session on buying, inheriting and dividing property in Kerala. Our advocates explain title verification, encumbrance certificates, partition of family property and the rights of homebuyers under RERA, with a retired Sub-Registrar on how registration works in practice. Bring your questions; there is an open question-and-answer hour at the end. Entry is free, but seats are limited, so please register through our Kochi office.',
        event_start_date: ymd(soon),
        event_start_time: '10:00',
        event_end_date: ymd(soon),
        event_end_time: '13:00',
        event_address: 'Conference Hall, 4th Floor, Marine Crest, Shanmugham Road, Kochi 682031',
      },
      image: 'images/event-property-rights.jpg',
      speakers: [
        {
          name: 'Adv. Meera Harrow',
          designation: 'Founder & Principal Consultant',
          day: 0,
          from: '10:00',
          to: '10:45',
          image: 'images/speaker-meera-harrow.jpg',
        },
        {
          name: 'K. R. Suresh',
          designation: 'Retired Sub-Registrar, Registration Department',
          day: 0,
          from: '10:45',
          to: '11:30',
          image: 'images/speaker-suresh-kr.jpg',
        },
        {
          name: 'Adv. Nisha Thomas',
          designation: 'Legal Associate',
          day: 0,
          from: '11:45',
          to: '13:00',
          image: 'images/speaker-nisha-thomas.jpg',
        },
      ],
    },
    {
      key: 'startups-law',
      fields: {
        event_title: 'Startups and the Law',
        event_description:
          'A two-day seminar for founders and early employees of small companies. Day one covers founders’ agreements, shareholding, vesting and the protection of intellectual property. Day two turns to hiring: employment contracts, the new labour codes, ESOPs and what to do when a key person leaves. Sessions are practical, with sample clauses and checklists for every participant.',
        event_start_date: ymd(later),
        event_start_time: '09:30',
        event_end_date: ymd(addDays(later, 1)),
        event_end_time: '17:00',
        event_address: '88 Residency Road, Bengaluru 560025',
      },
      image: 'images/event-startups-law.jpg',
      speakers: [
        {
          name: 'Adv. Arjun Vale',
          designation: 'Legal Consultant, Bengaluru office',
          day: 0,
          from: '09:30',
          to: '12:30',
          image: 'images/speaker-arjun-vale.jpg',
        },
        {
          name: 'Kavya Raman',
          designation: 'Chartered Accountant and startup adviser',
          day: 0,
          from: '14:00',
          to: '16:00',
          image: 'images/speaker-kavya-raman.jpg',
        },
        {
          name: 'Imran Siddiqui',
          designation: 'Co-founder of a Bengaluru software company',
          day: 1,
          from: '10:00',
          to: '12:00',
          image: 'images/speaker-imran-siddiqui.jpg',
        },
      ],
    },
    {
      key: 'cyber-fraud',
      fields: {
        event_title: 'Cyber Fraud and You',
        event_description:
          'A public workshop on protecting your money and identity online: UPI and OTP frauds, fake job offers, loan app harassment and sextortion. We explained how to report a fraud on the national cyber crime portal and helpline, how to ask your bank to block a transaction, and what the law offers victims. Thank you to everyone who joined us in Kozhikode.',
        event_start_date: ymd(lastMonth),
        event_start_time: '10:00',
        event_end_date: ymd(lastMonth),
        event_end_time: '16:30',
        event_address: 'Town Hall, Mavoor Road, Kozhikode 673004',
      },
      image: 'images/event-cyber-fraud.jpg',
      speakers: [
        {
          name: 'Adv. Nisha Thomas',
          designation: 'Legal Associate',
          day: 0,
          from: '10:00',
          to: '12:00',
          image: 'images/speaker-nisha-thomas.jpg',
        },
      ],
    },
    {
      key: 'legal-aid-camp',
      fields: {
        event_title: 'Free Legal Aid Camp',
        event_description:
          'Our annual legal aid camp, held with local volunteers, offers free advice on family, property, pension and consumer problems to anyone who cannot afford a lawyer. The venue is confirmed; the timings will be announced here shortly.',
        event_start_date: ymd(camp),
        event_end_date: ymd(camp),
        event_address: 'Community Hall, Vellayambalam, Thiruvananthapuram 695010',
      },
      image: 'images/event-legal-aid-camp.jpg',
      speakers: [],
    },
  ];
}

const REVIEWS: { key: DemoReviewKey; name: string; profession: string; message: string }[] = [
  {
    key: 'anitha',
    name: 'Anitha Varghese',
    profession: 'School Teacher, Aluva',
    message:
      'Our family’s partition case had dragged on for four years. Harrow & Vale suggested mediation, explained every option patiently and got all five of us to an agreement we could live with. We registered the deed within three months.',
  },
  {
    key: 'rohan',
    name: 'Rohan Pillai',
    profession: 'Software Engineer, Bengaluru',
    message:
      'Arjun drafted our founders’ agreement before we took our first investment. Eighteen months later, when a co-founder left, every question was already answered on paper. Clear advice, sensible fees and no jargon.',
  },
  {
    key: 'sajeev',
    name: 'Sajeev Kumar',
    profession: 'Restaurant Owner, Kozhikode',
    message:
      'They reviewed our employment contracts and standing orders after a dispute with a former manager. The matter closed without a case, and our paperwork is finally in order. I would recommend them to any small business.',
  },
  {
    key: 'lakshmi',
    name: 'Lakshmi Iyer',
    profession: 'Retired Bank Officer, Chennai',
    message:
      'My gratuity was held up for eight months after retirement. Within weeks of engaging the firm, the bank paid it with interest. I was kept informed at every step, which meant a great deal to me.',
  },
  {
    key: 'joseph',
    name: 'Joseph Mathew',
    profession: 'Engineer, Dubai',
    message:
      'Buying a plot in Kottayam from abroad worried me. The team checked thirty years of records, found an unreleased mortgage and made sure it was cleared before registration. I could not have done it without them.',
  },
  {
    key: 'fathima',
    name: 'Fathima Rasheed',
    profession: 'Homemaker, Thiruvananthapuram',
    message:
      'When I had to leave home with my children, I did not know where to start. Nisha and the team treated me with kindness and secured maintenance for us quickly. They made a frightening time bearable.',
  },
];

const TEAM = [
  { name: 'Adv. Meera Harrow', address: 'Kochi' },
  { name: 'Adv. Arjun Vale', address: 'Bengaluru' },
  { name: 'Adv. Nisha Thomas', address: 'Kochi' },
  { name: 'Adv. Rahul Menon', address: 'Kozhikode' },
  { name: 'Adv. Lakshmi Narayanan', address: 'Chennai' },
  { name: 'Adv. Sreeja Pillai', address: 'Thiruvananthapuram' },
];

/**
 * The demo legal team's booking side (decision 0067): offices, practice areas (category keys) and weekly hours
 * inside the firm's consultation hours (03:00–08:00 and 18:00–20:00, Monday to Saturday).
 */
const EARLY = [{ from: '03:00', to: '08:00' }];
const EVENING = [{ from: '18:00', to: '20:00' }];
const BOTH = [...EARLY, ...EVENING];
const LAWYERS: Array<{ name: string; email: string; video: boolean; areas: CategoryKey[]; hours: Record<string, Partial<Record<'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat', typeof EARLY>>> }> = [
  { name: 'Adv. Meera Harrow', email: 'meera.harrow@harrowvale.example', video: true, areas: ['family', 'property'], hours: { Kochi: { mon: EARLY, tue: EARLY, wed: EARLY, thu: EARLY, fri: EARLY, sat: EARLY } } },
  {
    name: 'Adv. Arjun Vale',
    email: 'arjun.vale@harrowvale.example',
    video: true,
    areas: ['corporate', 'employment'],
    hours: { Bengaluru: { mon: BOTH, tue: BOTH, wed: BOTH, thu: BOTH, sat: EARLY }, Chennai: { fri: BOTH } },
  },
  {
    name: 'Adv. Nisha Thomas',
    email: 'nisha.thomas@harrowvale.example',
    video: false,
    areas: ['consumer', 'criminal'],
    hours: { Kochi: { mon: EVENING, wed: EVENING, fri: EVENING }, Thiruvananthapuram: { tue: EARLY, thu: EARLY } },
  },
  { name: 'Adv. Rahul Menon', email: 'rahul.menon@harrowvale.example', video: true, areas: ['property', 'criminal', 'family'], hours: { Kozhikode: { mon: EARLY, tue: EARLY, wed: EARLY, thu: EARLY, fri: EARLY, sat: EARLY } } },
  {
    name: 'Adv. Lakshmi Narayanan',
    email: 'lakshmi.narayanan@harrowvale.example',
    video: true,
    areas: ['corporate', 'employment', 'consumer'],
    hours: { Chennai: { mon: BOTH, tue: BOTH, wed: BOTH, thu: BOTH, fri: BOTH }, Bengaluru: { sat: BOTH } },
  },
  {
    name: 'Adv. Sreeja Pillai',
    email: 'sreeja.pillai@harrowvale.example',
    video: false,
    areas: ['family', 'consumer', 'employment'],
    hours: { Thiruvananthapuram: { mon: EVENING, tue: EVENING, wed: EVENING, thu: EVENING, fri: EVENING, sat: EVENING } },
  },
];

const FAQS: { key: DemoFaqKey; question: string; answer: string }[] = [
  {
    key: 'booking',
    question: 'How do I book a consultation?',
    answer:
      'Use the Book Consultation page to choose a preferred date and time and give a short summary of your legal issue, or call any of our offices. We confirm every booking by phone or email, as consultations are subject to availability and prior scheduling.',
  },
  {
    key: 'hours',
    question: 'What are your consultation hours?',
    answer:
      'Consultations are held Monday to Saturday, in the morning from 3:00 to 8:00 AM and in the evening from 6:00 to 8:00 PM, so that clients who work regular hours or live abroad can meet us without taking leave.',
  },
  {
    key: 'documents',
    question: 'What should I bring to my first meeting?',
    answer:
      'Bring copies of every document connected with your matter (agreements, deeds, notices, court papers, emails and messages), a short written timeline of events and a photo identity document. Keep the originals safe; we will ask for them when they are needed.',
  },
  {
    key: 'abroad',
    question: 'Can I consult you if I live outside India?',
    answer:
      'Yes. Many of our clients are non-resident Indians. We meet by video call, send documents securely by email and can act for you in India through a properly executed power of attorney.',
  },
  {
    key: 'fees',
    question: 'How are your fees worked out?',
    answer:
      'We explain our fees in writing before any work begins. Drafting and advisory work is usually charged at a fixed fee; court matters are charged by stage. There are no hidden charges, and court fees and other expenses are shown separately.',
  },
  {
    key: 'confidential',
    question: 'Is what I tell you kept confidential?',
    answer:
      'Yes. Communications between an advocate and a client are privileged and we treat everything you share as confidential. We do not discuss your matter with anyone without your consent.',
  },
  {
    key: 'offices',
    question: 'Which offices do you have?',
    answer:
      'Our head office is in Kochi, with offices in Thiruvananthapuram, Kozhikode, Bengaluru and Chennai. The Contact page lists the address and phone number of each office.',
  },
  {
    key: 'urgent',
    question: 'What if my matter is urgent?',
    answer:
      'Send us a WhatsApp message with the word URGENT and a one-line description of the problem. A member of the team will call you back as soon as possible, including outside consultation hours.',
  },
];

const PARTNERS: Item[] = [
  {
    fields: { partner_name: 'Vembanad Realty & Infra' },
    files: { partner_image: 'images/partner-vembanad-realty.png' },
  },
  { fields: { partner_name: 'Spicecoast Exports Pvt Ltd' }, files: { partner_image: 'images/partner-spicecoast.png' } },
  {
    fields: { partner_name: 'Tharang Co-operative Bank' },
    files: { partner_image: 'images/partner-tharang-bank.png' },
  },
  {
    fields: { partner_name: 'Nila Health Hospital Network' },
    files: { partner_image: 'images/partner-nila-health.png' },
  },
  { fields: { partner_name: 'Backwater Technologies' }, files: { partner_image: 'images/partner-backwater-tech.png' } },
  { fields: { partner_name: 'Anand & Iyer Chartered Accountants' } },
];

/** Gallery titles by key, in list order; the picture is images/gallery-<key>.jpg. */
const GALLERY: Record<DemoGalleryKey, string> = {
  reception: 'Reception at our Kochi headquarters, Marine Crest',
  'legal-aid-camp': 'Free legal aid camp, Thiruvananthapuram',
  lecture: 'Annual lecture on access to justice',
  library: 'The firm’s law library in Kochi',
  'consumer-workshop': 'Consumer rights workshop for college students',
  'bengaluru-office': 'Opening of our Bengaluru office on Residency Road',
  'thirty-years': 'Thirty years of Harrow & Vale, 1993 to 2023',
  'mediation-room': 'The mediation room at our Chennai office',
};

const VACANCIES: { key: DemoVacancyKey; vacancy_title: string; name_of_employment: string; number_of_vacancy: number }[] = [
  {
    key: 'junior-associate',
    vacancy_title: 'Junior Associate – Civil Litigation (Kochi)',
    name_of_employment: 'Full-time',
    number_of_vacancy: 2,
  },
  { key: 'research-intern', vacancy_title: 'Legal Research Intern', name_of_employment: 'Internship', number_of_vacancy: 4 },
  {
    key: 'paralegal',
    vacancy_title: 'Paralegal and Documentation Assistant (Bengaluru)',
    name_of_employment: 'Part-time',
    number_of_vacancy: 1,
  },
  { key: 'client-relations', vacancy_title: 'Client Relations Executive (Chennai)', name_of_employment: 'Full-time', number_of_vacancy: 1 },
];

/* ---------- seeding ---------- */

class Seeder {
  /** Rows created so far, for undoing a failed seed. */
  readonly created: { key: ResourceKey; id: number }[] = [];
  /** Set by the first failure: the other branches stop instead of creating rows only to undo them. */
  private failed = false;

  constructor(
    private readonly services: Services,
    private readonly dir: string,
  ) {}

  text(name: string): Promise<string> {
    return readFile(path.join(this.dir, 'text', `${name}.html`), 'utf8');
  }

  /** Creates one row the way the API does: fields plus temporary copies of the shipped files. */
  async create(key: ResourceKey, item: Item, extraFiles: Record<string, string> = {}): Promise<Row> {
    if (this.failed) throw new Error('demo seed stopped after an earlier failure');
    const r = resourceByKey[key];
    const files: TempFile[] = [];
    const body: ParsedBody = {
      fields: Object.fromEntries(Object.entries(item.fields).map(([k, v]) => [k, String(v)])),
      files,
      cleanup: async () => {
        await Promise.all(files.map((f) => rm(f.tmp, { force: true })));
      },
    };
    try {
      for (const [field, rel] of Object.entries({ ...item.files, ...extraFiles })) {
        const tmp = path.join(this.services.files.tmpDir, `demo-${randomBytes(12).toString('hex')}`);
        await copyFile(path.join(this.dir, rel), tmp);
        files.push({ field, tmp, filename: path.basename(rel) });
      }
      const row = await this.services.content.create(r, body);
      this.created.push({ key, id: Number(row[r.id]) });
      return row;
    } catch (err) {
      this.failed = true;
      throw err;
    } finally {
      await body.cleanup();
    }
  }

  /** Creates items of one group in order (ids, and so list order, follow the array). */
  async all(key: ResourceKey, items: Item[]): Promise<Row[]> {
    const rows: Row[] = [];
    for (const item of items) rows.push(await this.create(key, item));
    return rows;
  }

  /** Removes what was created, newest first (children before the rows they point at). */
  /** Demo lawyers written so far (decision 0067), for undo. */
  private readonly lawyerIds: number[] = [];

  async addLawyer(values: Insertable<Database['lawyers']>): Promise<void> {
    const row = await this.services.store.db.insertInto('lawyers').values(values).returning('lawyer_id').executeTakeFirstOrThrow();
    this.lawyerIds.push(Number(row.lawyer_id));
  }

  async undo(): Promise<void> {
    if (this.lawyerIds.length) await this.services.store.db.deleteFrom('lawyers').where('lawyer_id', 'in', this.lawyerIds).execute().catch(() => undefined);
    for (const { key, id } of this.created.reverse()) {
      // Gone for good, not into the trash (decision 0015): a failed seed leaves nothing behind.
      await this.services.content.remove(resourceByKey[key], id).catch(() => undefined);
      await this.services.content.lifecycle.purge(resourceByKey[key], id).catch(() => undefined);
    }
  }
}

/** Waits for every task, even after one fails (so undo sees every row written), then throws the first failure. */
async function settleAll(tasks: Promise<unknown>[]): Promise<void> {
  const results = await Promise.allSettled(tasks);
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}

/** Creates rows of one group in order, each under its key; the ids go into `ids`. */
async function keyed<K extends string>(s: Seeder, key: ResourceKey, items: readonly (readonly [K, Item])[], ids: Map<K, number>): Promise<void> {
  const r = resourceByKey[key];
  for (const [k, item] of items) ids.set(k, Number((await s.create(key, item))[r.id]));
}

/** Creates the demo rows; answers the ids of those with text, by their key (what the translations attach to). */
async function seedContent(s: Seeder, now: Date): Promise<DemoIds> {
  const img = (name: string) => `images/${name}`;
  const inDays = (n: number) => ymd(addDays(now, n));
  const ids: DemoIds = {
    categories: new Map(),
    cases: new Map(),
    caseDetails: new Map(),
    blogs: new Map(),
    events: new Map(),
    reviews: new Map(),
    faqs: new Map(),
    gallery: new Map(),
    vacancies: new Map(),
  };

  // Groups that stand alone run side by side (each keeps its own order); cases wait for categories.
  const standalone = [
    s.all(
      'carousel',
      ['carousel-1.jpg', 'carousel-2.jpg', 'carousel-3.jpg'].map((f) => ({
        fields: {},
        files: { carousel_image: img(f) },
      })),
    ),
    // Listed newest first: the current year's calendar is added last so it comes first.
    s.all(
      'calendar',
      ['calendar-next.jpg', 'calendar-current.jpg'].map((f) => ({ fields: {}, files: { calendar_img: img(f) } })),
    ),
    s.create('about', { fields: {}, files: { about_img: img('about.jpg') } }),
    s.all('partners', PARTNERS),
    keyed(
      s,
      'gallery',
      DEMO_GALLERY_KEYS.map((k) => [k, { fields: { title: GALLERY[k] }, files: { gallery_image: img(`gallery-${k}.jpg`) } }] as const),
      ids.gallery,
    ),
    s.all('ads', [
      {
        fields: { ads_display: 'Primary', start_date: inDays(-7), expiry_date: inDays(358) },
        files: { ads_image: img('ad-primary-awareness.jpg') },
      },
      {
        fields: { ads_display: 'Secondary', start_date: inDays(-7), expiry_date: inDays(358) },
        files: { ads_image: img('ad-secondary-consult.jpg') },
      },
      {
        fields: { ads_display: 'Primary', start_date: inDays(-7), expiry_date: inDays(358) },
        files: { ads_image: img('ad-primary-documents.jpg') },
      },
      // Already over: stays in the admin list, never shown publicly.
      {
        fields: { ads_display: 'Secondary', start_date: inDays(-120), expiry_date: inDays(-30) },
        files: { ads_image: img('ad-secondary-legal-week.jpg') },
      },
    ]),
    (async () => {
      for (const e of events(now)) {
        const speakers = e.speakers.map((sp) => ({
          speaker_name: sp.name,
          designation: sp.designation,
          date: ymd(addDays(new Date(`${e.fields.event_start_date}T00:00:00`), sp.day)),
          from_time: sp.from,
          to_time: sp.to,
          image: '',
        }));
        const files = Object.fromEntries(e.speakers.map((sp, i) => [`speaker_image_${i}`, sp.image]));
        const row = await s.create(
          'event',
          { fields: { ...e.fields, speakers: JSON.stringify(speakers) }, files: { event_image: e.image } },
          files,
        );
        ids.events.set(e.key, Number(row.event_id));
      }
    })(),
    // The groups without files: their rows are the fields alone.
    keyed(s, 'review', REVIEWS.map(({ key, ...fields }) => [key, { fields }] as const), ids.reviews),
    s.all('team', TEAM.map((fields) => ({ fields }))),
    keyed(s, 'faqs', FAQS.map(({ key, ...fields }) => [key, { fields }] as const), ids.faqs),
    keyed(s, 'vacancy', VACANCIES.map(({ key, ...fields }) => [key, { fields }] as const), ids.vacancies),
  ];

  const related = (async () => {
    const categoryIds = ids.categories;
    for (const c of CATEGORIES) {
      const row = await s.create('caseCategory', {
        fields: { case_name: c.name },
        files: { case_image: img(`category-${c.key}.jpg`) },
      });
      categoryIds.set(c.key, Number(row.case_category_id));
    }
    const blogs = (async () => {
      for (const b of BLOGS) {
        const files: Record<string, string> = { blog_image: b.image };
        if (b.file) files.blog_file = b.file;
        const row = await s.create('blog', {
          fields: { title: b.title, case_category_id: categoryIds.get(b.category)!, description: await s.text(b.text) },
          files,
        });
        ids.blogs.set(b.key, Number(row.blog_id));
      }
    })();
    const casesWithDetails = (async () => {
      for (const c of CASES) {
        const category = categoryIds.get(c.category)!;
        const row = await s.create('cases', { fields: { case_title_name: c.title, case_category_id: category } });
        ids.cases.set(c.key, Number(row.case_id));
        if (!c.details) continue;
        const details = await s.create('caseDetails', {
          fields: { case_category_id: category, case_id: Number(row.case_id), case_content: await s.text(c.details) },
          files: c.file ? { case_file: c.file } : {},
        });
        ids.caseDetails.set(c.key, Number(details.case_details_id));
      }
    })();
    // The demo lawyers' booking settings (decision 0067), each with its own private feed token.
    const lawyers = (async () => {
      const now = nowIso();
      for (const l of LAWYERS) {
        await s.addLawyer({
            name: l.name,
            work_email: l.email,
            active: 1,
            video: l.video ? 1 : 0,
            offices: JSON.stringify(Object.keys(l.hours)),
            practice_areas: JSON.stringify(l.areas.map((k) => categoryIds.get(k)!)),
            hours: JSON.stringify(l.hours),
            feed_token: randomBytes(32).toString('base64url'),
            created_at: now,
            updated_at: now,
        });
      }
    })();
    await settleAll([blogs, casesWithDetails, lawyers]);
  })();

  await settleAll([...standalone, related]);
  return ids;
}

async function hasContent(services: Services): Promise<boolean> {
  for (const r of resources) {
    if ((await services.content.count(r, 'all')) > 0) return true;
  }
  return false;
}

async function writeMarker(services: Services, value: string): Promise<void> {
  await services.store.db
    .insertInto('settings')
    .values({ key: MARKER, value: JSON.stringify(value), updated_at: nowIso() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

/**
 * Fills a fresh database with demo content, once per database. The marker row is written only after
 * the whole set was created; a failed seed removes what it wrote and is tried again at the next start.
 * A database that already has content (or the marker) is never seeded.
 */
export async function seedDemoContent(services: Services): Promise<void> {
  const db = services.store.db;
  const marker = await db.selectFrom('settings').select('key').where('key', '=', MARKER).executeTakeFirst();
  if (marker) return;

  const hasSettings = await db.selectFrom('settings').select('key').where('key', '=', 'site').executeTakeFirst();
  if (!hasSettings) await services.settings.update(DEFAULT_SETTINGS);

  if (await hasContent(services)) {
    await writeMarker(services, 'skipped: the database already had content');
    return;
  }
  const dir = findDemoDir();
  if (!dir) {
    services.log.warn('demo content not found (db/demo); starting with an empty site');
    return;
  }

  const started = Date.now();
  const seeder = new Seeder(services, dir);
  try {
    const ids = await seedContent(seeder, new Date());
    // Checked like any publish (Rule 36 in each language, decision 0077) and written in one transaction.
    await services.translations.publishMany(demoTranslationItems(ids, await services.settings.get()));
  } catch (err) {
    services.log.error({ err }, 'demo content could not be created; it will be tried again at the next start');
    await seeder.undo();
    return;
  }
  await writeMarker(services, nowIso());
  services.log.info(`demo content created (${seeder.created.length} rows in ${Date.now() - started} ms)`);
}
