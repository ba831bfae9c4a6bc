import { lazy, Suspense, useSyncExternalStore } from 'react';

/**
 * Toasts of the public pages: react-toastify and its container load with the first toast, not with every
 * page (decision 0022: 8.6 KB of brotli script less before a visitor does anything). A toast asked for
 * before the container is mounted waits in react-toastify's own queue and shows once it is.
 */
let wanted = false;
const listeners = new Set<() => void>();
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

function show(kind: 'success' | 'error', message: string, toastId?: string): void {
  if (typeof window === 'undefined') return;
  void import('react-toastify').then(({ toast }) => toast[kind](message, toastId ? { toastId } : undefined));
  if (!wanted) {
    wanted = true;
    for (const l of listeners) l();
  }
}

export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string, opts?: { toastId?: string }) => show('error', message, opts?.toastId),
};

const Container = lazy(() => import('react-toastify').then((m) => ({ default: m.ToastContainer })));

/** The public pages' toast container (top right, 5 s), mounted once the first toast is asked for. */
export function PublicToasts() {
  const on = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  if (!on) return null;
  return (
    <Suspense fallback={null}>
      <Container position="top-right" autoClose={5000} pauseOnHover pauseOnFocusLoss draggable draggablePercent={80} />
    </Suspense>
  );
}
