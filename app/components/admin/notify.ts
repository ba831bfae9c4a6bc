import { toast } from 'react-toastify';
import { api, type ApiResult } from '~/lib/api';
import type { JsonObject } from '../../../content/json';

/** Admin toasts (the container in routes/admin/root.tsx closes them after 1 second, spec section 9). */
export const notify = {
  success: (message: string) => toast.success(message),
  error: (message: string) => toast.error(message),
  warning: (message: string) => toast.warning(message),
};

/** Admin toasts close after this many milliseconds. */
export const ADMIN_TOAST_MS = 1000;

/**
 * Sends one admin action (a JSON POST) and toasts how it went: the server's message, else `success` or
 * `failure` (also when the request fails on the way). The answer, or null when there was none.
 */
export async function sendAction<T = JsonObject>(
  path: string,
  json: unknown,
  messages: { success: string; failure: string },
): Promise<ApiResult<T> | null> {
  try {
    const r = await api<T>(path, { json });
    if (r.ok) notify.success(r.body.message || messages.success);
    else notify.error(r.body.message || messages.failure);
    return r;
  } catch {
    notify.error(messages.failure);
    return null;
  }
}

/** Sends one admin action (sendAction) and, when it went through, reloads the list it changed. */
export async function sendAndReload(
  path: string,
  json: unknown,
  messages: { success: string; failure: string },
  reload: () => Promise<void>,
): Promise<void> {
  if ((await sendAction(path, json, messages))?.ok) await reload();
}
