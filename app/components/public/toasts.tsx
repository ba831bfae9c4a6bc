/**
 * Toasts of the public pages: react-toastify loads with the first toast, not with every page (decision
 * 0022), and mounts its own container (top right, 5 s) in a root of its own on <body>, so any island can
 * toast without a container in the page (decision 0028). A toast asked for before the container has
 * mounted waits in react-toastify's queue and shows once it has.
 */
import { createElement } from 'react';

type DomClient = typeof import('react-dom/client');

let loading: Promise<typeof import('react-toastify')> | null = null;

const load = () =>
  (loading ??= Promise.all([import('react-toastify'), import('react-dom/client')]).then(([m, dom]) => {
    // react-dom/client is CommonJS: esbuild (the islands build, a "type": "module" package) gives its exports
    // object as the default, Vite the named export. Imported here, not at the top: the server never loads it.
    const { createRoot } = (dom as DomClient & { default?: DomClient }).default ?? dom;
    const el = document.createElement('div');
    el.className = 'public-toasts';
    document.body.append(el);
    createRoot(el).render(
      createElement(m.ToastContainer, {
        position: 'top-right',
        autoClose: 5000,
        pauseOnHover: true,
        pauseOnFocusLoss: true,
        draggable: true,
        draggablePercent: 80,
      }),
    );
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
