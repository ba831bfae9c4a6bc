import { toast } from 'react-toastify';

/** Admin toasts (the container in routes/admin/root.tsx closes them after 1 second, spec section 9). */
export const notify = {
  success: (message: string) => toast.success(message),
  error: (message: string) => toast.error(message),
  warning: (message: string) => toast.warning(message),
};

/** Admin toasts close after this many milliseconds. */
export const ADMIN_TOAST_MS = 1000;
