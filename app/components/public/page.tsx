import Container from 'react-bootstrap/Container';
import { DEFAULT_LOCALE, type Locale } from '../../../content/locales';
import { useT } from '../../lib/i18n';
import { PageBanner } from './banner';
import { SideColumn } from './side-column';

/** A public page: banner with the h1, then the content, with the calendar and ads column beside it. */
export function Page({
  title,
  lead,
  crumbs,
  side = true,
  calendar = true,
  published,
  children,
}: {
  title: string;
  lead?: string;
  crumbs?: { to: string; label: string }[];
  side?: boolean;
  calendar?: boolean;
  /**
   * A row's page: the locales its content is published in (decision 0064). In any other locale the page
   * shows the English text, marked as English, under a short notice in the page's language.
   */
  published?: readonly Locale[];
  children: React.ReactNode;
}) {
  const { t, locale } = useT();
  const untranslated = !!published && !published.includes(locale);
  const lang = untranslated ? DEFAULT_LOCALE : undefined;
  const body = untranslated ? (
    <>
      <p className="alert alert-info untranslated-notice" role="note">
        {t('untranslated.notice')}
      </p>
      <div lang={DEFAULT_LOCALE}>{children}</div>
    </>
  ) : (
    children
  );
  return (
    <main id="main">
      <PageBanner title={title} lead={lead} crumbs={crumbs} lang={lang} />
      <Container className="section">
        {side ? (
          <div className="row g-4 g-lg-5">
            <div className="col-lg-8">{body}</div>
            <div className="col-lg-4">
              <SideColumn calendar={calendar} />
            </div>
          </div>
        ) : (
          body
        )}
      </Container>
    </main>
  );
}
