import { z } from 'zod';

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
});

const url = z.union([z.url({ protocol: /^https?$/ }), z.literal('')]);

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
});

export type SiteSettings = z.infer<typeof SiteSettingsSchema>;

/** A fictional firm; replaced from the admin. */
export const DEFAULT_SETTINGS: SiteSettings = {
  firmName: 'Harrow & Vale Legal Consultants',
  tagline: 'Counsel with clarity since 1993',
  foundedYear: 1993,
  founderName: 'Adv. Meera Harrow',
  founderQuote:
    'The law is not a maze for the few. Our work is to light every corridor of it, so that each client walks through knowing exactly where they stand.',
  headquarters: { city: 'Kochi', address: '4th Floor, Marine Crest, Shanmugham Road, Kochi 682031', phone: '+91 484 400 1993' },
  offices: [
    { city: 'Thiruvananthapuram', address: '12 Vellayambalam Road, Thiruvananthapuram 695010', phone: '+91 471 400 2210' },
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
    },
    {
      name: 'Adv. Arjun Vale',
      role: 'Legal Consultant',
      practiceAreas: ['Corporate and commercial law', 'Contracts', 'Employment law'],
      bio: 'Arjun Vale has been with the firm since 2012. He advises founders, family businesses and employees on contracts, compliance and workplace disputes, and heads the Bengaluru office.',
      phones: ['+91 98470 22012'],
      since: 2012,
    },
    {
      name: 'Adv. Nisha Thomas',
      role: 'Legal Associate',
      practiceAreas: ['Consumer protection', 'Cyber law', 'Criminal defence'],
      bio: 'Nisha Thomas joined as an associate after clerking at the District Court. She prepares pleadings, represents clients before consumer commissions and runs the firm’s legal awareness events.',
      phones: [],
    },
  ],
  footerCredit: { text: 'Website by Northlight Studio', url: 'https://northlight.example' },
};
