import { Link } from 'react-router';
import { useT } from '../../lib/i18n';

/** The 404 screen of the spec: an image, '404', 'This page doesn't exist' and 'Go Back Home'. */
export function NotFoundScreen({ detail }: { detail?: string | null }) {
  const { t, lp } = useT();
  return (
    <main id="main" className="container py-5 text-center not-found">
      <img
        src="/404.svg"
        width={320}
        height={240}
        alt={t('notFound.imageAlt')}
        className="img-fluid mb-4"
      />
      <h1 className="display-1 fw-bold mb-2">{t('notFound.code')}</h1>
      <p className="lead mb-2">{t('notFound.title')}</p>
      {detail && <p className="text-body-secondary">{detail}</p>}
      <Link to={lp('/')} className="btn btn-primary mt-3">
        {t('notFound.home')}
      </Link>
    </main>
  );
}
