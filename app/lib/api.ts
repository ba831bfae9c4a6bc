/**
 * The browser's API client: same-origin fetch with the session cookie, JSON or FormData bodies, and
 * the spec's envelope ({ statusCode, message, …keys }). A 401 from any admin call means the server
 * session is gone: the stored admin email is cleared and the admin returns to /admin-login.
 */
import type { JsonObject } from '../../content/json';

export const ADMIN_EMAIL_KEY = 'admin_email';

/** `T`: the keys the call answers with beside the envelope (by default, any JSON the server sent). */
export interface ApiResult<T = JsonObject> {
  ok: boolean;
  status: number;
  body: { statusCode?: number; message?: string; success?: boolean } & T;
}

export type Unauthorized = () => void;
let onUnauthorized: Unauthorized | null = null;

/** The admin shell registers what a 401 does (clear the stored email, go to /admin-login). */
export function setUnauthorizedHandler(fn: Unauthorized | null): void {
  onUnauthorized = fn;
}

export async function api<T = JsonObject>(
  path: string,
  init: { method?: 'GET' | 'POST' | 'PUT'; json?: unknown; form?: FormData; signal?: AbortSignal } = {},
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  let body: BodyInit | undefined;
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  } else if (init.form) {
    body = init.form;
  }
  const res = await fetch(path.startsWith('/api') ? path : `/api${path}`, {
    method: init.method ?? (body ? 'POST' : 'GET'),
    headers,
    body,
    credentials: 'same-origin',
    signal: init.signal,
  });
  let parsed: ApiResult<T>['body'];
  try {
    parsed = (await res.json()) as ApiResult<T>['body'];
  } catch {
    parsed = { statusCode: res.status, message: res.statusText } as ApiResult<T>['body'];
  }
  if (res.status === 401 && onUnauthorized) onUnauthorized();
  return { ok: res.ok && (parsed.statusCode ?? res.status) === 200, status: res.status, body: parsed };
}

/** The name of the page's <meta> carrying FILE_PUBLIC_URL (set by the server's page renderer). */
export const FILE_BASE_META = 'lex-file-base';
let browserFileBase: string | undefined;

/**
 * Where public files are linked: '' (this server) or FILE_PUBLIC_URL (a public bucket or CDN). The server
 * renderer provides it while rendering; in the browser it is read once from the page's <meta>, so the
 * hydrated page links the same URLs as the server-rendered one.
 */
function publicFileBase(): string {
  if (typeof document === 'undefined') {
    const get = (globalThis as { __lexFileBase?: () => string }).__lexFileBase;
    return get ? get() : '';
  }
  browserFileBase ??= document.querySelector<HTMLMetaElement>(`meta[name="${FILE_BASE_META}"]`)?.content ?? '';
  return browserFileBase;
}

/** Public URL of a stored file path ('uploads/…' → '/uploads/…', or FILE_PUBLIC_URL + '/uploads/…'). */
export function fileUrl(stored: string | null | undefined): string {
  if (!stored) return '';
  if (stored.startsWith('/') || stored.startsWith('http')) return stored;
  return `${stored.startsWith('uploads/') ? publicFileBase() : ''}/${stored}`;
}

/** The admin email kept in local storage (spec section 3); the server session stays the authority. */
export function getStoredAdminEmail(): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(ADMIN_EMAIL_KEY);
  } catch {
    return null;
  }
}

export function setStoredAdminEmail(email: string): void {
  localStorage.setItem(ADMIN_EMAIL_KEY, email);
}

export function clearStoredAdminEmail(): void {
  try {
    localStorage.removeItem(ADMIN_EMAIL_KEY);
  } catch {
    /* storage unavailable */
  }
}
