import { useEffect, useState } from 'react';
import { Button } from 'react-bootstrap';
import { NavLink, Outlet, redirect, useLoaderData, useLocation, useNavigate } from 'react-router';
import { isRole, mayUse, ROLE_LABELS } from '@content/roles';
import { ChatWidget } from '~/components/admin/chat-widget';
import { ConfirmModal } from '~/components/admin/ConfirmModal';
import { MenuIcon } from '~/components/admin/icons';
import { navFor, navItemOf } from '~/components/admin/nav';
import { Forbidden, RoleContext } from '~/components/admin/role';
import { notify } from '~/components/admin/notify';
import { api, clearStoredAdminEmail, getStoredAdminEmail, setUnauthorizedHandler } from '~/lib/api';

/**
 * The guard (spec section 4): no stored admin email → /admin-login. The server session is the authority,
 * so the session is also checked with GET /api/admin/me; a 401 clears the stored email.
 */
const MY_ACCOUNT = '/admin-side-bar/my-account';

export async function clientLoader({ request }: { request: Request }) {
  const stored = getStoredAdminEmail();
  if (!stored) throw redirect('/admin-login');
  const me = await api<{ admin?: { email?: string; role?: string }; twoFactorSetupRequired?: boolean }>('/api/admin/me');
  if (me.status === 401) {
    clearStoredAdminEmail();
    throw redirect('/admin-login');
  }
  // The role decides what the shell shows (decision 0040); the server enforces it on every call.
  const role = me.body.admin?.role;
  // The firm requires two-factor sign-in and this account has none: only My account opens (decision 0045).
  const setupRequired = me.body.twoFactorSetupRequired === true;
  if (setupRequired && new URL(request.url).pathname !== MY_ACCOUNT) throw redirect(MY_ACCOUNT);
  return { email: me.body.admin?.email ?? stored, role: isRole(role) ? role : 'intake', setupRequired };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return (
    <main className="container py-5" aria-busy="true">
      <p>Loading...</p>
    </main>
  );
}

export function meta() {
  return [{ title: 'Admin' }, { name: 'robots', content: 'noindex, nofollow' }];
}

export default function AdminShell() {
  const { email, role, setupRequired } = useLoaderData<typeof clientLoader>();
  const navigate = useNavigate();
  const section = navItemOf(useLocation().pathname);
  const allowed = !section || mayUse(role, section.area);
  const [collapsed, setCollapsed] = useState(false);
  const [confirmLogout, setConfirmLogout] = useState(false);
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    if (window.matchMedia('(max-width: 767.98px)').matches) setCollapsed(true);
    setUnauthorizedHandler(() => {
      clearStoredAdminEmail();
      navigate('/admin-login', { replace: true });
    });
    return () => setUnauthorizedHandler(null);
  }, [navigate]);

  const logout = async () => {
    setLeaving(true);
    try {
      await api('/api/admin/logout', { method: 'POST' });
    } catch {
      /* the stored email is cleared either way; the cookie expires on its own */
    }
    clearStoredAdminEmail();
    setConfirmLogout(false);
    setLeaving(false);
    notify.success('Logged out successfully!!');
    navigate('/admin-login');
  };

  const closeOnSmall = () => {
    if (window.matchMedia('(max-width: 767.98px)').matches) setCollapsed(true);
  };

  return (
    <div className="admin-layout">
      <a href="#admin-content" className="visually-hidden-focusable position-absolute m-2 btn btn-light">
        Skip to content
      </a>
      <nav
        id="admin-sidebar"
        aria-label="Admin"
        className={`admin-sidebar${collapsed ? ' collapsed' : ''}`}
        hidden={collapsed}
      >
        <div className="admin-sidebar-inner">
          <div className="p-3 fw-bold fs-5 border-bottom border-secondary">Admin Panel</div>
          <ul className="list-unstyled p-2 mb-0">
            {navFor(role)
              .filter((item) => !setupRequired || item.path === 'my-account')
              .map((item) => (
              <li key={item.path}>
                <NavLink to={item.path} onClick={closeOnSmall}>
                  {item.label}
                </NavLink>
              </li>
            ))}
            <li className="mt-2 border-top border-secondary pt-2">
              <button type="button" className="admin-nav-button" onClick={() => setConfirmLogout(true)}>
                Logout
              </button>
            </li>
          </ul>
        </div>
      </nav>
      <div className="admin-main">
        <header className="d-flex align-items-center gap-3 px-3 py-2 border-bottom bg-white sticky-top">
          <Button
            variant="outline-dark"
            size="sm"
            onClick={() => setCollapsed((c) => !c)}
            aria-expanded={!collapsed}
            aria-controls="admin-sidebar"
            aria-label={collapsed ? 'Show menu' : 'Hide menu'}
          >
            <MenuIcon size={20} />
          </Button>
          <span className="ms-auto small text-body-secondary">
            <span data-testid="admin-email">{email}</span> · <span data-testid="admin-role">{ROLE_LABELS[role]}</span>
          </span>
        </header>
        <main id="admin-content" className="p-3 p-md-4" tabIndex={-1}>
          <RoleContext.Provider value={role}>{allowed ? <Outlet /> : <Forbidden role={role} />}</RoleContext.Provider>
        </main>
      </div>
      <ConfirmModal
        show={confirmLogout}
        title="Do you want to Logout ?"
        confirmLabel="Yes,Logout"
        busy={leaving}
        onConfirm={() => void logout()}
        onCancel={() => setConfirmLogout(false)}
      />
      <ChatWidget />
    </div>
  );
}
