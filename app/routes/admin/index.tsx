import { Navigate } from 'react-router';

/** /admin-side-bar opens the dashboard. */
export default function AdminIndex() {
  return <Navigate to="/admin-side-bar/dashboard" replace />;
}
