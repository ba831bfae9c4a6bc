/**
 * The help text: one entry per admin page and rule of the specification. The entries of the fifteen
 * content groups are generated from their declarations (path, title, form fields, file types, empty
 * text) plus the spec's rules for that group; the special pages and cross-cutting rules are written out.
 */
import type { ResourceDef, ResourceKey } from '../../content/kit';
import { resources } from '../../content/resources/index';
import { ADMIN } from './groups';
import { CONSENT_LABEL } from '../../content/consultation';

export interface HelpEntry {
  id: string;
  title: string;
  /** Admin page the entry is about, when there is one. */
  path?: string;
  /** Extra words people use for this topic (indexed with the title). */
  keywords: string;
  text: string;
}

/** The spec's validation rules (section 5) for each content group, as the administrator meets them. */
const RULES: Record<ResourceKey, string> = {
  carousel:
    "An image is required ('Please fill the fields.'), and only image files are accepted. Updating needs a newly chosen image.",
  calendar:
    "Adding needs an image ('Please select an image.'); updating needs a new image ('Please select an image to update.').",
  about:
    "Adding needs an image ('Please select an image to upload.'); updating needs a new image ('Please select an image to update.').",
  caseCategory: "The title is required ('Please enter a title.'); the image is optional.",
  cases: "A category and a title are required ('Please fill in all required fields').",
  caseDetails:
    "Choose a category first: that clears the chosen case title and loads the titles of that category; the title select stays disabled until titles exist ('No case titles available for selected category.' when there are none). A category and a title are required. At least a file or a non-empty description is needed ('Please upload a file or enter a description (at least one)'); an empty rich-text description counts as empty. The title must be a case of that category ('Selected case title is invalid'). Files: .pdf, .doc, .docx.",
  blog: "Title and category are required ('Please fill in the blog title and case category.'). A description or a file is required ('Please provide a blog description or upload a file.'). An image is required ('Please upload a blog image.'), of type .jpg, .jpeg or .png. The optional file is .pdf, .doc or .docx. Updating without choosing a blog gives 'No blog selected for update.'.",
  event:
    "To add, title, description and an image or video (.mp4 or .mov) are required ('Please provide Title, Description, and an image or video.'); when editing the image is optional. Dates and times are optional. Speaker rows that are entirely empty are dropped. Descriptions over 100 characters toggle 'Read More' / 'Read Less' in the table, and the view button opens the speaker details modal.",
  review: "Name, profession and feedback are all required ('Please fill all the fields').",
  team: "Name and city are required and must not be blank ('Please fill in all fields.'). The city is shown as the title line on the public site.",
  faqs: "Question and description (the answer) are required ('Please fill in both the question and description.').",
  partners:
    "At least a name or a logo is required ('Please provide either a partner name or logo.' when adding; 'Please update either the partner name or logo.' when updating).",
  ads: "Image, display type (Primary or Secondary), start date and expiry date are all required ('All fields are required.'); editing also needs an image. Dates are sent as DD/MM/YYYY and the expiry may not be before the start.",
  gallery:
    "Adding needs an image and a title ('Please select an image and enter a title.'); updating needs a title ('Title is required.').",
  vacancy:
    "Title and employment type (full-time, part-time…) are required ('Please fill all the fields'); the number of vacancies is optional.",
};

/** Where the group's content appears on the public site (spec sections 2 and 4). */
const SHOWN: Record<ResourceKey, string> = {
  carousel: 'The slides form the hero carousel on the home page, fading every 4 seconds.',
  calendar:
    "Calendar images open in the large calendar modal when a visitor clicks the calendar in a page's side column.",
  about: 'The most recently added about image is the one shown on the About page.',
  caseCategory:
    'Categories are the cards on /our-case and on the home page; a card leads to /our-case-details/{categoryId}.',
  cases: 'Case titles are listed per category on /our-case-details/{categoryId}, with a total count.',
  caseDetails: "A case's details (rich content and optional file) are its public page /our-case-details-view/{caseId}.",
  blog: "Blogs are the cards of /blog ('Read More' opens /blog-details/{blog_id}); the card preview is the description without HTML, cut at 350 characters when longer than 250.",
  event:
    "Events are the cards of /event with a live countdown; 'Read More' (to /events/{title in lower case with hyphens}) shows only when the event has start date and time, end date and time, an address and at least one speaker.",
  review: 'Reviews rotate in the slider on the home and About pages (one step every 3 seconds).',
  team: 'Team members are the team cards on the About page.',
  faqs: 'FAQs form the accordion on /faqs, first item open.',
  partners: 'Partners scroll in the marquee on the home page.',
  ads: 'Ads appear in the ads column of the public pages only while today lies between the start date and the expiry date, both included.',
  gallery: 'Gallery items form the card grid of /gallery.',
  vacancy:
    "Vacancies are the cards of /vacancies (labelled 'Careers' in the header), showing title, employment type and number of openings.",
};

const FORMATS: Record<string, string> = {
  jpg: '.jpg/.jpeg',
  png: '.png',
  webp: '.webp',
  gif: '.gif',
  pdf: '.pdf',
  doc: '.doc',
  docx: '.docx',
  mp4: '.mp4',
  mov: '.mov',
};
const DEFAULTS = {
  image: ['jpg', 'png', 'webp', 'gif'],
  document: ['pdf', 'doc', 'docx'],
  media: ['jpg', 'png', 'webp', 'gif', 'mp4', 'mov'],
};

function groupEntry(r: ResourceDef): HelpEntry {
  const path = `${ADMIN}/${r.admin.path}`;
  const fields = Object.values(r.fields).map((f) => f.label);
  const files = Object.values(r.files).map(
    (f) => `${f.label} (${(f.formats ?? DEFAULTS[f.kind]).map((x) => FORMATS[x] ?? x).join(', ')})`,
  );
  const form = [...fields, ...files];
  const text = [
    `${r.admin.title} page, ${path} (sidebar link '${r.admin.nav}').`,
    `The form at the top has: ${form.join('; ')}.`,
    `Below it a numbered table (S.No first) lists every ${r.label.toLowerCase()} with an edit (pencil) icon and a delete (bin) icon per row; with none it says '${r.admin.empty}'.`,
    `To add one, fill in the form and submit. To change one, click its edit icon: the form is filled in and the button reads Update, with Cancel to go back to adding. To remove one, click its delete icon and confirm with 'Yes, Delete' ('Cancel' keeps it).`,
    RULES[r.key],
    SHOWN[r.key],
  ].join(' ');
  return {
    id: r.key,
    title: `${r.admin.title} (${r.label})`,
    path,
    keywords: `${r.admin.nav} ${r.label} add edit update delete remove upload change manage page where`,
    text,
  };
}

const SPECIAL: HelpEntry[] = [
  {
    id: 'dashboard',
    title: 'Dashboard',
    path: `${ADMIN}/dashboard`,
    keywords: 'dashboard home start overview cards sections',
    text: `Dashboard, ${ADMIN}/dashboard (sidebar link 'Dash Board'): a grid of cards, one per section; click a card to open that section. It opens 2 seconds after a successful login.`,
  },
  {
    id: 'sidebar',
    title: 'Sidebar and navigation',
    keywords: 'sidebar menu navigation collapse links shell find page',
    text: "Every admin page sits in the shell: a collapsible sidebar with Dash Board, Mail, Carousel, Calendar, About Image, Case Categories, Cases, Case Details, Blogs, Events, Reviews, Our Team, FAQ's, Partners, Ads, Gallery, Vacancies and a Logout button. The admin pages redirect to /admin-login when you are not signed in.",
  },
  {
    id: 'login',
    title: 'Signing in and passwords',
    path: '/admin-login',
    keywords: 'login log in sign in password forgot reset credentials locked',
    text: "Sign in at /admin-login with email and password (the eye toggle shows or hides the password). Both are required ('Both fields are required.'); the button reads 'Logging in...' while busy, and the dashboard opens 2 seconds after success. 'Forgot Password?' has no target: a new password is set on the server with `npm run admin -- set-password EMAIL`. Repeated wrong passwords lock the sign-in for a while.",
  },
  {
    id: 'logout',
    title: 'Logging out',
    keywords: 'logout log out sign out exit leave',
    text: "Click Logout at the bottom of the sidebar and confirm 'Do you want to Logout ?' with 'Yes,Logout' ('Cancel' stays). It ends the session, shows 'Logged out successfully!!' and returns to /admin-login.",
  },
  {
    id: 'speakers',
    title: 'Adding a speaker to an event',
    path: `${ADMIN}/event`,
    keywords: 'speaker speakers keynote add speaker event designation photo view modal',
    text: `To add a speaker to an event, open Events (${ADMIN}/event). For a new event, fill in the event form; for an existing one, click its edit icon. In the speakers part of the form add a speaker row and fill in name, designation, date, from time and to time, and optionally a photo; then press Submit (or Update). Entirely empty speaker rows are dropped. The view button in the events table opens the speaker details modal. An event needs at least one speaker (and full dates, times and an address) for its public 'Read More' link to show.`,
  },
  {
    id: 'event-visibility',
    title: "Event not showing 'Read More', status or detail page",
    path: `${ADMIN}/event`,
    keywords: 'event not showing read more detail page countdown live ended status missing',
    text: "On /event every event is listed with a countdown. Its status is recomputed every second: before the start 'countdown' (days, hours, minutes, seconds), between start and end 'Event is Live', after the end 'Event Ended'. An event missing any start or end date or time has no status in the list and counts as ended on its detail page. 'Read More' shows only when the event has start date, start time, end date, end time, address and at least one speaker, and the detail page /events/{title in lower case with hyphens} finds only events with both dates and times and an address. Fix it by editing the event in Events and filling in the missing fields.",
  },
  {
    id: 'ads-visibility',
    title: 'Ad not showing',
    path: `${ADMIN}/ads`,
    keywords: 'ad ads not showing visible hidden expired start expiry window primary secondary banner',
    text: `An ad shows in the public ads column only while today lies between its start date and its expiry date, both included. An ad whose expiry date has passed, or whose start date is still ahead, is hidden. Check the dates in Ads (${ADMIN}/ads): click the ad's edit icon, set the start and expiry dates (DD/MM/YYYY), choose the image again (editing an ad needs an image) and press Update. The display type is Primary or Secondary.`,
  },
  {
    id: 'case-details-selects',
    title: 'Case details: choosing category and case title',
    path: `${ADMIN}/case-details`,
    keywords: 'case details title select disabled category empty dropdown no case titles',
    text: `In Case Details (${ADMIN}/case-details) choosing a category clears the chosen case title and loads the titles of that category. The title select stays disabled until the category has cases; when it has none the warning 'No case titles available for selected category.' appears, so add the case in Cases (${ADMIN}/cases) first.`,
  },
  {
    id: 'mail',
    title: 'Sending mail',
    path: `${ADMIN}/mail`,
    keywords: 'mail email send message attachment attachments outbox smtp',
    text: `Mail, ${ADMIN}/mail: a form with the recipient's email, subject and message (all required) and up to 10 attached files ('You can upload up to 10 files.'). Success shows the server message ('Mail sent!' by default); a failure shows 'Error sending mail: …'. Without SMTP_URL configured, messages are written as .eml files to the outbox folder instead of being sent.`,
  },
  {
    id: 'consultations',
    title: 'Consultation requests',
    path: `${ADMIN}/consultations`,
    keywords:
      'consultation consultations booking bookings request requests appointment client document book consent spam status reply',
    text: `Visitors book a consultation on /book-consultation with Name, Email, Contact Number, Preferred Date & Time, Legal Issue Summary, an optional document and a required consent box ('${CONSENT_LABEL}'); each request is stored with the time of that consent and sent to the firm's inbox, and the client gets a confirmation with a calendar (.ics) file. A hidden field catches spam robots: their requests are answered but never stored. Each request shows its consent time in the inbox ('Consent: not recorded' when a request came from another program that does not send the box); you can set its status (new, contacted, scheduled, closed) and reply from there. The requests are listed in the admin at ${ADMIN}/consultations; a new request has the status 'new'. Attached documents are private and open only for a signed-in administrator.`,
  },
  {
    id: 'settings',
    title: 'Site settings: firm details',
    path: `${ADMIN}/settings`,
    keywords:
      'settings firm name contact email phone whatsapp office address hours social links legal team profile footer',
    text: `Site settings, ${ADMIN}/settings: the firm's name, tagline, founding year, founder and quote, headquarters and offices, email, phone numbers, WhatsApp, social links, consultation hours, the legal team profiles and the footer credit. The public header, footer, Contact and Our Legal Team pages read them.`,
  },
  {
    id: 'delete-in-use',
    title: 'Cannot delete: still used',
    keywords: 'cannot delete still used in use category case blogs error 409',
    text: 'A case category cannot be deleted while cases, case details or blogs use it, and a case cannot be deleted while case details use it: the message names them. Delete or move those first.',
  },
  {
    id: 'files',
    title: 'Files and images',
    keywords: 'file upload image type format size large too big pdf doc docx video mp4 mov jpg png',
    text: 'Images: .jpg, .jpeg, .png, .webp or .gif (blog images only .jpg, .jpeg or .png). Documents (case details and blog files): .pdf, .doc or .docx. Event media: an image or an .mp4/.mov video. Files are checked by their content, so a renamed file is refused. Default size limits are 10 MB for images, 20 MB for documents and 100 MB for videos (too large gives an error).',
  },
  {
    id: 'errors',
    title: 'Messages and errors',
    keywords: 'error message toast failed add failed edit failed delete failed something went wrong',
    text: "Results appear as toast messages, which close after 1 second in the admin. A refused save shows the server's message (the validation rules of each page), otherwise a default such as 'Add failed.', 'Edit failed.' or 'Delete failed.'. If your session has expired any action returns you to /admin-login.",
  },
  {
    id: 'dates',
    title: 'Date formats',
    keywords: 'date format dd mm yyyy time 12 hour',
    text: 'Public pages show dates as DD MMM YYYY (05 Mar 2027). The admin shows event dates as DD/MM/YYYY with 12-hour times, and ad dates are entered as DD/MM/YYYY.',
  },
  {
    id: 'public-popups',
    title: 'Public pages: disclaimer, calendar and chrome',
    keywords: 'disclaimer popup public header footer calendar modal legal',
    text: "On public pages a 'Legal Disclaimer' popup appears 5 seconds after load. Most public pages have a side column with a calendar (click it for the calendar images modal) and the ads banner. The public header and footer are hidden on admin pages.",
  },
  {
    id: 'assistant',
    title: 'This assistant',
    keywords: 'assistant chat help what can you do questions',
    text: "I answer from the site's own data: counts and lists for every section ('how many upcoming events', 'which ads expire this month', 'list open vacancies', 'how many new consultation requests'), details of a named item, how to do things in the admin ('how do I add a speaker to an event', 'why is my ad not showing'), and a search of blogs, cases, FAQs and events. I do not give legal advice.",
  },
];

export const HELP: readonly HelpEntry[] = [...SPECIAL, ...resources.map(groupEntry)];
