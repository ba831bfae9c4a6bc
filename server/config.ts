import path from 'node:path';
import { z } from 'zod';

const onOff = z
  .enum(['on', 'off', 'true', 'false', '1', '0'])
  .transform((v) => v === 'on' || v === 'true' || v === '1');

const mb = (def: number) => z.coerce.number().positive().max(10_000).default(def);

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(500).default(10),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  DEMO_CONTENT: onOff.default(true),
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().optional(),
  FIRM_INBOX: z.email().optional(),
  VIDEO_MEETING_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://meet.jit.si'),
  MAIL_POLL_MS: z.coerce.number().int().min(10).max(3_600_000).default(5000),
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(10).max(86_400_000).default(30_000),
  MAIL_RETRY_MAX_MS: z.coerce.number().int().min(10).max(86_400_000).default(3_600_000),
  CONSULTATION_RATE_LIMIT: z.coerce.number().int().min(0).max(100_000).default(5),
  PAGE_CACHE: onOff.default(true),
  INSIGHTS: onOff.default(true),
  CONTENT_VERSION_POLL_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  ADMIN_WRITE_RATE_LIMIT: z.coerce.number().int().min(0).max(100_000).default(120),
  TRUST_PROXY: onOff.default(false),
  UPLOAD_MAX_IMAGE_MB: mb(10),
  UPLOAD_MAX_DOCUMENT_MB: mb(20),
  UPLOAD_MAX_VIDEO_MB: mb(100),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AI_BASE_URL: z.url().optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().optional(),
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(20_000),
  FILE_STORAGE: z.enum(['local', 's3']).default('local'),
  FILE_PUBLIC_URL: z.url().optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: onOff.default(true),
  // Intake (decision 0017)
  LINK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  INTAKE_SWEEP_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  CONTENT_SCHEDULE_MS: z.coerce.number().int().min(50).max(3_600_000).default(60_000),
  CONTENT_TRASH_DAYS: z.coerce.number().positive().max(36_500).default(30),
  // Running it as a service (decisions 0050, 0051)
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().min(1).optional(),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(1000),
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(500).max(600_000).default(15_000),
  // Shared caches and CDN purges (decisions 0047, 0048)
  CACHE_S_MAXAGE: z.coerce.number().int().min(0).max(31_536_000).default(60),
  CACHE_STALE_WHILE_REVALIDATE: z.coerce.number().int().min(0).max(31_536_000).default(60),
  CDN_PURGE_PROVIDER: z.enum(['generic', 'cloudflare', 'fastly']).default('generic'),
  CDN_PURGE_URL: z.url().optional(),
  CDN_PURGE_TOKEN: z.string().min(1).optional(),
  CDN_PURGE_ZONE: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a Cloudflare zone id').optional(),
  CDN_PURGE_SERVICE: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a Fastly service id').optional(),
  CDN_PURGE_POLL_MS: z.coerce.number().int().min(10).max(3_600_000).default(5000),
  CDN_PURGE_RETRY_BASE_MS: z.coerce.number().int().min(10).max(86_400_000).default(1000),
  CDN_PURGE_RETRY_MAX_MS: z.coerce.number().int().min(10).max(86_400_000).default(300_000),
  // WhatsApp updates through the Cloud API (decisions 0072–0074)
  WHATSAPP_TOKEN: z.string().min(1).optional(),
  WHATSAPP_PHONE_NUMBER_ID: z.string().regex(/^\d{1,32}$/, 'must be the Cloud API phone number id (digits)').optional(),
  WHATSAPP_API_URL: z.url().optional(),
  WHATSAPP_APP_SECRET: z.string().min(1).optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().min(8, 'must be at least 8 characters').optional(),
  WHATSAPP_COUNTRY_CODE: z.string().regex(/^[1-9]\d{0,2}$/, 'must be a country calling code without + (91 for India)').default('91'),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  databasePoolMax: number;
  adminEmail?: string;
  adminPassword?: string;
  demoContent: boolean;
  publicUrl: string;
  smtpUrl?: string;
  mailFrom: string;
  firmInbox?: string;
  /** Where video consultations meet (decision 0068): a Jitsi server; a room name is added to it. */
  videoMeetingBaseUrl: string;
  /** The outbox worker: poll interval and exponential backoff bounds (ms). */
  mail: { pollMs: number; retryBaseMs: number; retryMaxMs: number };
  /** Consultation requests per minute per client address; 0 turns the limit off. */
  consultationRateLimit: number;
  /** Administrator writes (adds, updates, deletes, uploads, mail) per minute per session; 0 turns the limit off. */
  adminWriteRateLimit: number;
  /** Rendered public pages and public list calls kept in memory (production); off for measuring renders. */
  pageCache: boolean;
  /** INSIGHTS: the public pages carry the page-view beacon and visits are counted (decision 0058). */
  insights: boolean;
  /**
   * How often (ms) an instance checks whether another instance changed content; 0 checks before every
   * cached answer instead (decision 0020). The instance that writes clears its own caches at once.
   */
  contentVersionPollMs: number;
  trustProxy: boolean;
  limits: { image: number; document: number; video: number };
  logLevel: string;
  ai?: { baseUrl: string; apiKey?: string; model: string; timeoutMs: number };
  aiTimeoutMs: number;
  /** Where stored files live: DATA_DIR (local) or an S3-compatible bucket. */
  fileStorage: 'local' | 's3';
  s3?: { endpoint?: string; bucket: string; region: string; accessKeyId?: string; secretAccessKey?: string; forcePathStyle: boolean };
  /** Content lifecycle (decision 0015): scheduler interval (ms) and days a row stays in the trash before it is purged. */
  content: { scheduleMs: number; trashDays: number };
  /** Base URL public files are linked at ('https://bucket.example.com'); unset: '/uploads/…' on this server. */
  filePublicUrl?: string;
  /** Intake (decision 0017): the key of signed links (else one kept in the database), and how often reminders and purges run. */
  linkSecret?: string;
  intakeSweepMs: number;
  /**
   * Prometheus metrics (decision 0050): on their own port (`port`, bound to `host`), or at /metrics on the
   * main port behind `token` (Bearer); unset when neither METRICS_PORT nor METRICS_TOKEN is set.
   */
  metrics?: { port?: number; host: string; token?: string };
  /** Bounded database waits (decision 0051): connecting or waiting for a pooled connection, and one query. */
  databaseTimeouts: { connectMs: number; queryMs: number };
  /** Shared caches (decision 0047): s-maxage and stale-while-revalidate (seconds) of public answers; purges (decision 0048). */
  cdn: { sMaxAge: number; staleWhileRevalidate: number; purge?: PurgeConfig };
  /**
   * WhatsApp updates (decision 0072): set only when WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID and
   * WHATSAPP_API_URL all are; without it nothing is sent and the form does not offer it. The webhook needs
   * `appSecret` (signatures, decision 0074) and `verifyToken` (the subscription handshake).
   */
  whatsapp?: WhatsappConfig;
}

export interface WhatsappConfig {
  token: string;
  phoneNumberId: string;
  /** The Graph API base with its version, e.g. https://graph.facebook.com/v21.0. */
  apiUrl: string;
  appSecret?: string;
  verifyToken?: string;
  /** The calling code put before a number written without one (91). */
  countryCode: string;
}

export type PurgeProvider = 'generic' | 'cloudflare' | 'fastly';

/** Where and how changed surrogate keys are purged (decision 0048). */
export interface PurgeConfig {
  provider: PurgeProvider;
  /** The generic endpoint, or the provider's API base (https://api.cloudflare.com, https://api.fastly.com). */
  url: string;
  token?: string;
  /** Cloudflare zone id. */
  zone?: string;
  /** Fastly service id. */
  service?: string;
  pollMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
}

/** The purge settings: on when CDN_PURGE_URL is set, or a provider other than generic is chosen. */
function purgeConfig(e: z.infer<typeof EnvSchema>): PurgeConfig | undefined {
  const provider = e.CDN_PURGE_PROVIDER;
  const defaults: Record<PurgeProvider, string | undefined> = {
    generic: undefined,
    cloudflare: 'https://api.cloudflare.com',
    fastly: 'https://api.fastly.com',
  };
  const url = e.CDN_PURGE_URL ?? defaults[provider];
  if (!url) return undefined;
  if (provider === 'cloudflare' && (!e.CDN_PURGE_TOKEN || !e.CDN_PURGE_ZONE)) {
    throw new Error('Invalid environment: CDN_PURGE_TOKEN and CDN_PURGE_ZONE are required when CDN_PURGE_PROVIDER=cloudflare');
  }
  if (provider === 'fastly' && (!e.CDN_PURGE_TOKEN || !e.CDN_PURGE_SERVICE)) {
    throw new Error('Invalid environment: CDN_PURGE_TOKEN and CDN_PURGE_SERVICE are required when CDN_PURGE_PROVIDER=fastly');
  }
  return {
    provider,
    url: url.replace(/\/+$/, ''),
    token: e.CDN_PURGE_TOKEN,
    zone: e.CDN_PURGE_ZONE,
    service: e.CDN_PURGE_SERVICE,
    pollMs: e.CDN_PURGE_POLL_MS,
    retryBaseMs: e.CDN_PURGE_RETRY_BASE_MS,
    retryMaxMs: e.CDN_PURGE_RETRY_MAX_MS,
  };
}

/** Reads and checks the environment. A bad value throws one clear line naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`Invalid environment: ${issue.path.join('.')} ${issue.message}`);
  }
  const e = parsed.data;
  if (e.FILE_STORAGE === 's3' && !e.S3_BUCKET) throw new Error('Invalid environment: S3_BUCKET is required when FILE_STORAGE=s3');
  if (!!e.S3_ACCESS_KEY_ID !== !!e.S3_SECRET_ACCESS_KEY) {
    throw new Error('Invalid environment: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together or not at all');
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    demoContent: e.DEMO_CONTENT,
    publicUrl,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `no-reply@${new URL(publicUrl).hostname}`,
    firmInbox: e.FIRM_INBOX,
    videoMeetingBaseUrl: e.VIDEO_MEETING_BASE_URL.replace(/\/+$/, ''),
    linkSecret: e.LINK_SECRET,
    intakeSweepMs: e.INTAKE_SWEEP_MS,
    mail: { pollMs: e.MAIL_POLL_MS, retryBaseMs: e.MAIL_RETRY_BASE_MS, retryMaxMs: e.MAIL_RETRY_MAX_MS },
    consultationRateLimit: e.CONSULTATION_RATE_LIMIT,
    adminWriteRateLimit: e.ADMIN_WRITE_RATE_LIMIT,
    pageCache: e.PAGE_CACHE,
    insights: e.INSIGHTS,
    contentVersionPollMs: e.CONTENT_VERSION_POLL_MS,
    trustProxy: e.TRUST_PROXY,
    limits: {
      image: e.UPLOAD_MAX_IMAGE_MB * 1024 * 1024,
      document: e.UPLOAD_MAX_DOCUMENT_MB * 1024 * 1024,
      video: e.UPLOAD_MAX_VIDEO_MB * 1024 * 1024,
    },
    logLevel: e.LOG_LEVEL,
    ai:
      e.AI_BASE_URL && e.AI_MODEL
        ? { baseUrl: e.AI_BASE_URL, apiKey: e.AI_API_KEY, model: e.AI_MODEL, timeoutMs: e.AI_TIMEOUT_MS }
        : undefined,
    aiTimeoutMs: e.AI_TIMEOUT_MS,
    fileStorage: e.FILE_STORAGE,
    s3:
      e.FILE_STORAGE === 's3' && e.S3_BUCKET
        ? {
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : undefined,
    filePublicUrl: e.FILE_PUBLIC_URL?.replace(/\/+$/, ''),
    content: { scheduleMs: e.CONTENT_SCHEDULE_MS, trashDays: e.CONTENT_TRASH_DAYS },
    metrics:
      e.METRICS_PORT !== undefined || e.METRICS_TOKEN
        ? { port: e.METRICS_PORT, host: e.METRICS_HOST ?? e.HOST, token: e.METRICS_TOKEN }
        : undefined,
    databaseTimeouts: { connectMs: e.DATABASE_CONNECT_TIMEOUT_MS, queryMs: e.DATABASE_QUERY_TIMEOUT_MS },
    cdn: { sMaxAge: e.CACHE_S_MAXAGE, staleWhileRevalidate: e.CACHE_STALE_WHILE_REVALIDATE, purge: purgeConfig(e) },
    whatsapp:
      e.WHATSAPP_TOKEN && e.WHATSAPP_PHONE_NUMBER_ID && e.WHATSAPP_API_URL
        ? {
            token: e.WHATSAPP_TOKEN,
            phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID,
            apiUrl: e.WHATSAPP_API_URL.replace(/\/+$/, ''),
            appSecret: e.WHATSAPP_APP_SECRET,
            verifyToken: e.WHATSAPP_VERIFY_TOKEN,
            countryCode: e.WHATSAPP_COUNTRY_CODE,
          }
        : undefined,
  };
}
