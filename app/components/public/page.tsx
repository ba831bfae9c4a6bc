import Container from 'react-bootstrap/Container';
import { PageBanner } from './banner';
import { SideColumn } from './side-column';

/** A public page: banner with the h1, then the content, with the calendar and ads column beside it. */
export function Page({
  title,
  lead,
  crumbs,
  side = true,
  calendar = true,
  children,
}: {
  title: string;
  lead?: string;
  crumbs?: { to: string; label: string }[];
  side?: boolean;
  calendar?: boolean;
  children: React.ReactNode;
}) {
  return (
    <main id="main">
      <PageBanner title={title} lead={lead} crumbs={crumbs} />
      <Container className="section">
        {side ? (
          <div className="row g-4 g-lg-5">
            <div className="col-lg-8">{children}</div>
            <div className="col-lg-4">
              <SideColumn calendar={calendar} />
            </div>
          </div>
        ) : (
          children
        )}
      </Container>
    </main>
  );
}
