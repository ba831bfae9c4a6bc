import { createElement, useSyncExternalStore, type ComponentType } from 'react';
import type { ToastContainerProps } from 'react-toastify';

/**
 * Toasts of the public pages: react-toastify and its container load with the first toast, not with every
 * page (decision 0022: 8.6 KB of brotli script less before a visitor does anything). A toast asked for
 * before the container is mounted waits in react-toastify's own queue and shows once it is. No Suspense:
 * the container is rendered once its module is here, so nothing waits on a timer.
 */
let Container: ComponentType<ToastContainerProps> | null = null;
let loading: Promise<typeof import('react-toastify')> | null = null;
const listeners = new Set<() => void>();
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

const load = () =>
  (loading ??= import('react-toastify').then((m) => {
    Container = m.ToastContainer;
    for (const l of listeners) l();
    return m;
  }));

function show(kind: 'success' | 'error', message: string, toastId?: string): void {
  if (typeof window === 'undefined') return;
  void load().then(({ toast }) => toast[kind](message, toastId ? { toastId } : undefined));
}

export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string, opts?: { toastId?: string }) => show('error', message, opts?.toastId),
};

/** The public pages' toast container (top right, 5 s), mounted once the first toast has loaded it. */
export function PublicToasts() {
  const Loaded = useSyncExternalStore(
    subscribe,
    () => Container,
    () => null,
  );
  if (!Loaded) return null;
  // The same component every render once loaded (module state), so nothing is remounted.
  return createElement(Loaded, { position: 'top-right', autoClose: 5000, pauseOnHover: true, pauseOnFocusLoss: true, draggable: true, draggablePercent: 80 });
}
