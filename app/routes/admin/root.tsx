import { Outlet } from 'react-router';
import { Slide, ToastContainer } from 'react-toastify';
import { ADMIN_TOAST_MS } from '~/components/admin/notify';
import '~/components/admin/admin.css';

/** The admin area's frame (login and shell): its toasts close after 1 second (spec section 9). */
export default function AdminRoot() {
  return (
    <>
      <Outlet />
      <ToastContainer
        position="top-right"
        autoClose={ADMIN_TOAST_MS}
        transition={Slide}
        newestOnTop
        pauseOnFocusLoss={false}
      />
    </>
  );
}

export function meta() {
  return [{ title: 'Admin' }, { name: 'robots', content: 'noindex, nofollow' }];
}
