import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundScreen } from './not-found-screen';

/** Error boundary of a public page: 404 screen for unknown ids, a calm message otherwise (chrome stays). */
export function PublicRouteError() {
  const error = useRouteError();
  const detail =
    isRouteErrorResponse(error) && error.data && typeof error.data === 'object'
      ? String((error.data as { message?: string }).message ?? '')
      : '';
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen detail={detail || null} />;
  return (
    <main id="main" className="container py-5 text-center">
      <h1>Something went wrong</h1>
      <p role="alert">{detail || 'Please try again in a moment.'}</p>
    </main>
  );
}
