import { components, z } from './zod';
import { DEFAULT_LOCALE, LOCALES } from './locales';
import { hoursWindowSchema } from './hours-schema';
import { isDay, isTimeZone, WEEKDAYS, type BookingRules, type Weekday } from './rules/slots';

/** Defaults of the Rule 36 settings (decision 0019); the disclaimer texts are the spec's. */
export const RULE36_DEFAULTS = {
  declaration:
    'The information on this page about our advocates has been furnished by them and is accurate to the best of their knowledge, as permitted by Rule 36 of the Bar Council of India Rules.',
  leaveUrl: 'https://www.google.com/',
  strict: false,
  disclaimer: {
    statement:
      'The rules of the Bar Council of India forbid advocates from soliciting work or advertising in any form. This website is not an advertisement or a solicitation.',
    acknowledgements: [
      'You have come to this website of your own accord, without any solicitation, invitation or inducement from {firm} or its members.',
      'The content of this website is for information only and is not legal advice.',
      'No attorney-client relationship is created by visiting this website or by using its material.',
      '{firm} is not liable for any action taken by anyone on the basis of the material on this website.',
    ],
    advice: 'For advice on your own situation, please seek a formal consultation.',
  },
};

/** The firm's details as data: every public page reads them from here, the admin edits them. */
const office = z.object({
  city: z.string().trim().min(1).max(80),
  address: z.string().trim().min(1).max(300),
  phone: z.string().trim().max(40).default(''),
});

const profile = z.object({
  name: z.string().trim().min(1).max(120),
  role: z.string().trim().min(1).max(160),
  practiceAreas: z.array(z.string().trim().min(1).max(120)).max(20),
  bio: z.string().trim().min(1).max(4000),
  phones: z.array(z.string().trim().min(1).max(40)).max(4),
  since: z.number().int().min(1900).max(2100).optional(),
  // --- Bar Council of India Rule 36 (decision 0019): the prescribed particulars of an advocate. ---
  enrolmentNumber: z.string().trim().max(60).default(''),
  /** ISO date YYYY-MM-DD, or '' when not given. */
  enrolmentDate: z.union([z.iso.date(), z.literal('')]).default(''),
  barCouncilFirst: z.string().trim().max(120).default(''),
  barCouncilCurrent: z.string().trim().max(120).default(''),
  barAssociation: z.string().trim().max(200).default(''),
  qualifications: z.array(z.string().trim().min(1).max(160)).max(10).default([]),
  // --- end of Rule 36 particulars ---
});

const url = z.union([z.url({ protocol: /^https?$/ }), z.literal('')]);

// ── Intake (decision 0017): booking rules, the data-protection contact and retention. Kept together here so
// other additions to the settings stay apart from it. Every part has a default, so settings stored before
// it existed still read.
const hoursWindow = hoursWindowSchema({
  time: 'Use a time like 09:30',
  order: 'The end of opening hours must come after the start',
});
/** A number of whole hours from none up to `days` days (a notice, a cut-off). */
function wholeHours(days: number) {
  const most = 24 * days;
  return z.number().int().min(0).max(most);
}
const weeklyHours = z.object(
  Object.fromEntries(WEEKDAYS.map((d) => [d, z.array(hoursWindow).max(6)])) as Record<
    Weekday,
    z.ZodArray<typeof hoursWindow>
  >,
);
const MORNING_EVENING = [
  { from: '03:00', to: '08:00' },
  { from: '18:00', to: '20:00' },
];
/** The spec's consultation hours (3:00–8:00 AM and 6:00–8:00 PM, Monday to Saturday), 30-minute slots. */
export const DEFAULT_BOOKING: BookingRules = {
  timeZone: 'Asia/Kolkata',
  weeklyHours: {
    sun: [],
    mon: MORNING_EVENING,
    tue: MORNING_EVENING,
    wed: MORNING_EVENING,
    thu: MORNING_EVENING,
    fri: MORNING_EVENING,
    sat: MORNING_EVENING,
  },
  slotMinutes: 30,
  bufferMinutes: 0,
  minNoticeHours: 12,
  horizonDays: 60,
  closedDates: [],
  capacity: 1,
};
export const BookingRulesSchema = z.object({
  timeZone: z.string().trim().refine(isTimeZone, 'Unknown time zone'),
  weeklyHours,
  slotMinutes: z.number().int().min(5).max(480),
  bufferMinutes: z.number().int().min(0).max(240),
  minNoticeHours: wholeHours(30),
  horizonDays: z.number().int().min(1).max(366),
  closedDates: z.array(z.string().refine(isDay, 'Use a date like 2027-01-26')).max(400),
  capacity: z.number().int().min(1).max(50),
});
export const DEFAULT_PRIVACY = {
  grievanceName: 'Grievance Officer',
  grievanceEmail: 'privacy@harrowvale.example',
  grievancePhone: '+91 484 400 1993',
  retentionMonths: 24,
  /** How long before a confirmed consultation a client may still cancel or move it online. */
  cancelCutoffHours: 12,
  /** How long the daily insight figures are kept (decision 0058). */
  insightsRetentionMonths: 25,
};
export const PrivacySettingsSchema = z.object({
  grievanceName: z.string().trim().min(1).max(120),
  grievanceEmail: z.email(),
  grievancePhone: z.string().trim().max(40),
  retentionMonths: z.number().int().min(1).max(240),
  cancelCutoffHours: wholeHours(14),
  // Optional for settings stored before insights existed (decision 0058).
  insightsRetentionMonths: z.number().int().min(1).max(120).default(DEFAULT_PRIVACY.insightsRetentionMonths),
});
// ── end of the intake block ──

export const SiteSettingsSchema = z.object({
  firmName: z.string().trim().min(1).max(120),
  tagline: z.string().trim().max(200),
  foundedYear: z.number().int().min(1800).max(2100),
  founderName: z.string().trim().min(1).max(120),
  founderQuote: z.string().trim().max(600),
  headquarters: office,
  offices: z.array(office).max(12),
  email: z.email(),
  phones: z.array(z.string().trim().min(1).max(40)).min(1).max(3),
  whatsapp: z.string().trim().max(40),
  socials: z.object({ facebook: url, instagram: url, linkedin: url, x: url, youtube: url }),
  hours: z.object({
    morning: z.string().trim().max(60),
    evening: z.string().trim().max(60),
    days: z.string().trim().max(60),
  }),
  legalTeam: z.array(profile).max(12),
  footerCredit: z.object({ text: z.string().trim().max(120), url }),
  // --- Bar Council of India Rule 36 (decision 0019) ---
  rule36: z
    .object({
      /** Shown under the legal team's particulars. */
      declaration: z.string().trim().min(1).max(1000),
      /** Where the disclaimer's 'Leave this site' goes. */
      leaveUrl: z.url({ protocol: /^https?$/ }),
      /** Refuses publishing overrides and leaves client reviews and ads out of the public site. */
      strict: z.boolean(),
      /** The disclaimer's body ('{firm}' stands for the firm's name); editing it starts a new version. */
      disclaimer: z.object({
        statement: z.string().trim().min(1).max(1000),
        acknowledgements: z.array(z.string().trim().min(1).max(500)).min(1).max(8),
        advice: z.string().trim().min(1).max(500),
      }),
    })
    .default(() => RULE36_DEFAULTS),
  // --- end of Rule 36 ---
  // Intake (decision 0017)
  booking: BookingRulesSchema.default(DEFAULT_BOOKING),
  privacy: PrivacySettingsSchema.default(DEFAULT_PRIVACY),
  // Routing of bookings to lawyers (decision 0067): free lawyers are named on the booking page only when this is on.
  routing: z.object({ showLawyerNames: z.boolean() }).default({ showLawyerNames: false }),
  // The languages the public site is published in (decision 0063): English always; optional for settings stored before.
  locales: z
    .array(z.enum(LOCALES))
    .max(LOCALES.length)
    .refine((l) => l.includes(DEFAULT_LOCALE), { message: `The site's locales must include '${DEFAULT_LOCALE}'.` })
    .transform((l) => LOCALES.filter((x) => l.includes(x)))
    .default(() => [...LOCALES]),
});

export type SiteSettings = z.infer<typeof SiteSettingsSchema>;
// The API reference shows it once, as the component SiteSettings (content/zod.ts).
components.add(SiteSettingsSchema, { name: 'SiteSettings' });

/** A fictional firm; replaced from the admin. */
export const DEFAULT_SETTINGS: SiteSettings = {
  firmName: 'Harrow & Vale Legal Consultants',
  tagline: 'Counsel with clarity since 1993',
  foundedYear: 1993,
  founderName: 'Adv. Meera Harrow',
  founderQuote:
    'The law is not a maze for the few. Our work is to light every corridor of it, so that each client walks through knowing exactly where they stand.',
  headquarters: {
    city: 'Kochi',
    address: '4th Floor, Marine Crest, Shanmugham Road, Kochi 682031',
    phone: '+91 484 400 1993',
  },
  offices: [
    {
      city: 'Thiruvananthapuram',
      address: '12 Vellayambalam Road, Thiruvananthapuram 695010',
      phone: '+91 471 400 2210',
    },
    { city: 'Kozhikode', address: 'Mavoor Road, Arayidathupalam, Kozhikode 673004', phone: '+91 495 400 3302' },
    { city: 'Bengaluru', address: '88 Residency Road, Bengaluru 560025', phone: '+91 80 4000 4455' },
    { city: 'Chennai', address: '23 Cathedral Road, Gopalapuram, Chennai 600086', phone: '+91 44 4000 5566' },
  ],
  email: 'contact@harrowvale.example',
  phones: ['+91 484 400 1993', '+91 98470 11993', '+91 98470 22012'],
  whatsapp: '+91 98470 11993',
  socials: {
    facebook: 'https://www.facebook.com/harrowvale.example',
    instagram: 'https://www.instagram.com/harrowvale.example',
    linkedin: 'https://www.linkedin.com/company/harrowvale-example',
    x: 'https://x.com/harrowvale_example',
    youtube: '',
  },
  hours: { morning: '3:00-8:00 AM', evening: '6:00-8:00 PM', days: 'Monday to Saturday' },
  legalTeam: [
    {
      name: 'Adv. Meera Harrow',
      role: 'Founder & Principal Consultant',
      practiceAreas: ['Civil litigation', 'Family law', 'Property disputes', 'Arbitration'],
      bio: 'Meera Harrow has practised law since 1993. She founded the firm in Kochi after a decade at the High Court bar and has since argued more than a thousand civil and family matters. She leads the firm’s litigation strategy and personally reviews every new consultation.',
      phones: ['+91 98470 11993', '+91 484 400 1993'],
      since: 1993,
      enrolmentNumber: 'K/412/1993',
      enrolmentDate: '1993-03-14',
      barCouncilFirst: 'Bar Council of Kerala',
      barCouncilCurrent: 'Bar Council of Kerala',
      barAssociation: 'Kerala High Court Advocates’ Association',
      qualifications: [
        'B.A., LL.B., Government Law College, Ernakulam',
        'LL.M. (Family Law), Cochin University of Science and Technology',
      ],
    },
    {
      name: 'Adv. Arjun Vale',
      role: 'Legal Consultant',
      practiceAreas: ['Corporate and commercial law', 'Contracts', 'Employment law'],
      bio: 'Arjun Vale has been with the firm since 2012. He advises founders, family businesses and employees on contracts, compliance and workplace disputes, and heads the Bengaluru office.',
      phones: ['+91 98470 22012'],
      since: 2012,
      enrolmentNumber: 'K/1187/2009',
      enrolmentDate: '2009-07-02',
      barCouncilFirst: 'Bar Council of Kerala',
      barCouncilCurrent: 'Karnataka State Bar Council',
      barAssociation: 'Advocates’ Association, Bengaluru',
      qualifications: ['B.B.A., LL.B. (Hons.), National University of Advanced Legal Studies, Kochi'],
    },
    {
      name: 'Adv. Nisha Thomas',
      role: 'Legal Associate',
      practiceAreas: ['Consumer protection', 'Cyber law', 'Criminal defence'],
      bio: 'Nisha Thomas joined as an associate after clerking at the District Court. She prepares pleadings, represents clients before consumer commissions and runs the firm’s legal awareness events.',
      phones: [],
      enrolmentNumber: 'K/2306/2019',
      enrolmentDate: '2019-11-23',
      barCouncilFirst: 'Bar Council of Kerala',
      barCouncilCurrent: 'Bar Council of Kerala',
      barAssociation: 'Ernakulam Bar Association',
      qualifications: ['B.A., LL.B., School of Legal Studies, Cochin University of Science and Technology'],
    },
  ],
  footerCredit: { text: 'Website by Northlight Studio', url: 'https://northlight.example' },
  rule36: RULE36_DEFAULTS,
  // Intake (decision 0017)
  booking: DEFAULT_BOOKING,
  privacy: DEFAULT_PRIVACY,
  routing: { showLawyerNames: false },
  locales: [...LOCALES],
};
