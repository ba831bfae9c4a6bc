import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundScreen } from './not-found-screen';
import { useT } from '../../lib/i18n';

/** Error boundary of a public page: 404 screen for unknown ids, a calm message otherwise (chrome stays). */
export function PublicRouteError() {
  const error = useRouteError();
  const { t, locale } = useT();
  const detail =
    isRouteErrorResponse(error) && error.data && typeof error.data === 'object'
      ? String((error.data as { message?: string }).message ?? '')
      : '';
  // The loaders' own messages are the spec's English ones: shown on the English pages only.
  const own = locale === 'en' ? detail : '';
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen detail={own || null} />;
  return (
    <main id="main" className="container py-5 text-center">
      <h1>{t('error.title')}</h1>
      <p role="alert">{own || t('error.retry')}</p>
    </main>
  );
}
