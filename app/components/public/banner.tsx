import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import { breadcrumbLd, ldJson } from './seo';
import { usePublicData } from './site';

/** The page banner: the page's h1, a line of context and a breadcrumb. */
export function PageBanner({
  title,
  lead,
  crumbs = [],
}: {
  title: string;
  lead?: string;
  crumbs?: { to: string; label: string }[];
}) {
  const { origin } = usePublicData();
  return (
    <div className="page-banner">
      {/* A detail page's trail for search engines too (decision 0055). */}
      {crumbs.length > 0 && <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: ldJson(breadcrumbLd(origin, crumbs, title)) }} />}
      <Container>
        <nav aria-label="Breadcrumb">
          <ol className="breadcrumb mb-2">
            <li className="breadcrumb-item">
              <Link to="/">Home</Link>
            </li>
            {crumbs.map((c) => (
              <li className="breadcrumb-item" key={c.to}>
                <Link to={c.to}>{c.label}</Link>
              </li>
            ))}
            <li className="breadcrumb-item active" aria-current="page">
              {title}
            </li>
          </ol>
        </nav>
        <h1 className="page-title">{title}</h1>
        {lead && <p className="page-lead mb-0">{lead}</p>}
      </Container>
    </div>
  );
}
