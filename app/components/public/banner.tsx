import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import { breadcrumbLd, ldJson } from './seo';
import { usePublicData } from './site';
import { useT } from '../../lib/i18n';

/** The page banner: the page's h1, a line of context and a breadcrumb. */
export function PageBanner({
  title,
  lead,
  crumbs: specCrumbs = [],
  lang,
}: {
  title: string;
  lead?: string;
  crumbs?: { to: string; label: string }[];
  /** The title's language when it is not the page's (an untranslated row's English title, decision 0064). */
  lang?: string;
}) {
  const { origin } = usePublicData();
  const { t, lp } = useT();
  const crumbs = specCrumbs.map((c) => ({ ...c, to: lp(c.to) }));
  return (
    <div className="page-banner">
      {/* A detail page's trail for search engines too (decision 0055). */}
      {crumbs.length > 0 && <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: ldJson(breadcrumbLd({ origin, home: lp('/'), homeLabel: t('crumb.home') }, crumbs, title)) }} />}
      <Container>
        <nav aria-label={t('crumb.nav')}>
          <ol className="breadcrumb mb-2">
            <li className="breadcrumb-item">
              <Link to={lp('/')}>{t('crumb.home')}</Link>
            </li>
            {crumbs.map((c) => (
              <li className="breadcrumb-item" key={c.to}>
                <Link to={c.to}>{c.label}</Link>
              </li>
            ))}
            <li className="breadcrumb-item active" aria-current="page" lang={lang}>
              {title}
            </li>
          </ol>
        </nav>
        <h1 className="page-title" lang={lang}>
          {title}
        </h1>
        {lead && <p className="page-lead mb-0">{lead}</p>}
      </Container>
    </div>
  );
}
