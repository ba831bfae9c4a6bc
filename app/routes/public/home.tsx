import Container from 'react-bootstrap/Container';
import { useT, type MessageKey } from '../../lib/i18n';
import { Link, useLoaderData } from 'react-router';
import { resourceByKey } from '../../../content/resources/index';
import { AdsColumn } from '../../components/public/ads-column';
import { CalendarIsland } from '../../components/public/calendar-widget';
import { CategoryCard } from '../../components/public/cards';
import { HomeCarousel, type SlideText } from '../../components/public/home-carousel';
import { FounderQuote } from '../../components/public/founder-quote';
import { ClockIcon, MailIcon } from '../../components/public/icons';
import { ListGrid, ListView } from '../../components/public/list-state';
import { OfficeCard } from '../../components/public/office-card';
import { PartnersMarquee } from '../../components/public/partners-marquee';
import { ReviewSlider } from '../../components/public/review-slider';
import { layoutFromMatches, legalServiceLd, metaT, seo } from '../../components/public/seo';
import { attempt, usePublicData } from '../../components/public/site';
import { fileUrl } from '../../lib/api';
import { Band, CheckList, GridList, IconLine, StepBox } from '../../components/public/section';
import type { Route } from './+types/home';

export async function loader({ context }: Route.LoaderArgs) {
  const s = context.services;
  const c = s.content;
  const strict = (await s.settings.get()).rule36.strict;
  const [slides, categories, reviews, partners] = await Promise.all([
    // The carousel failure is only logged (spec section 8).
    attempt(() => c.list(resourceByKey.carousel), 'Failed to load the carousel', [], s.log),
    attempt(() => c.list(resourceByKey.caseCategory), 'Failed to fetch categories', [], s.log),
    // Strict Rule 36 mode: client reviews are left out of the public site.
    strict ? null : attempt(() => c.list(resourceByKey.review), 'Failed to fetch reviews', [], s.log),
    attempt(() => c.list(resourceByKey.partners), 'Failed to fetch partners', [], s.log),
  ]);
  return { slides: slides.value, categories, reviews, partners };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  const slide = loaderData?.slides[0]?.carousel_image;
  const st = layout?.settings;
  const t = metaT(matches);
  return seo(matches, {
    title: st?.firmName ?? t('nav.home'),
    description: st
      ? t('page.home.description', {
          firm: st.firmName,
          tagline: st.tagline,
          cities: [st.headquarters.city, ...st.offices.map((o) => o.city)].join(', '),
          year: st.foundedYear,
        })
      : 'Legal consultants. Book a consultation.',
    path: '/',
    image: slide ? fileUrl(slide) : undefined,
    jsonLd: st && layout ? [legalServiceLd(st, layout.origin)] : [],
  });
}

/** The four steps of 'How we work' (their titles and texts in the catalogs, decision 0063). */
const HOW_WE_WORK = [
  { title: 'page.home.how.listen', text: 'page.home.how.listen.text' },
  { title: 'page.home.how.assess', text: 'page.home.how.assess.text' },
  { title: 'page.home.how.act', text: 'page.home.how.act.text' },
  { title: 'page.home.how.report', text: 'page.home.how.report.text' },
] as const satisfies readonly { title: MessageKey; text: MessageKey }[];

const FIGHT_FOR = [
  'page.home.fight.1',
  'page.home.fight.2',
  'page.home.fight.3',
  'page.home.fight.4',
  'page.home.fight.5',
  'page.home.fight.6',
] as const satisfies readonly MessageKey[];

export default function Home() {
  const { slides, categories, reviews, partners } = useLoaderData<typeof loader>();
  const { settings } = usePublicData();
  const { t, lp } = useT();
  const cities = [settings.headquarters, ...settings.offices];
  const texts: SlideText[] = [
    {
      title: settings.tagline || settings.firmName,
      description: t('page.home.slide1', { city: settings.headquarters.city, year: settings.foundedYear }),
    },
    { title: t('page.home.slide2', { count: cities.length }), description: cities.map((o) => o.city).join(' · ') },
    {
      title: t('page.home.slide3.title'),
      description: t('page.home.slide3.text'),
    },
  ];
  return (
    <main id="main">
      <section className="section about-block" aria-labelledby="home-title">
        <Container>
          <div className="row g-4 align-items-start">
            <div className="col-lg-8">
              <p className="eyebrow">{t('page.home.since', { year: settings.foundedYear })}</p>
              <h1 id="home-title" className="display-title">
                {settings.firmName}
              </h1>
              <p className="lead">{settings.tagline}</p>
              <p>
                {t('page.home.intro', {
                  year: settings.foundedYear,
                  founder: settings.founderName,
                  hq: settings.headquarters.city,
                  offices: settings.offices.map((o) => o.city).join(', '),
                })}
              </p>
              <div className="d-flex flex-wrap gap-2">
                <Link to={lp('/book-consultation')} className="btn btn-accent">
                  {t('cta.book')}
                </Link>
                <Link to={lp('/about-us')} className="btn btn-outline-primary">
                  {t('page.home.aboutFirm')}
                </Link>
              </div>
            </div>
            <div className="col-lg-4">
              <CalendarIsland />
            </div>
          </div>
        </Container>
      </section>

      <HomeCarousel slides={slides} texts={texts} />

      <Band id="how-title" title={t('page.home.how')}>
        <GridList
          items={HOW_WE_WORK}
          className="row g-4 list-unstyled steps"
          col="col-sm-6 col-lg-3"
          ordered
          keyOf={(s) => s.title}
        >
          {(s, i) => <StepBox no={i + 1} title={t(s.title)} text={t(s.text)} />}
        </GridList>
      </Band>

      <Band id="fight-title" muted>
        <div className="row g-4 g-lg-5 align-items-center">
          <div className="col-lg-7">
            <h2 id="fight-title" className="section-title">
              {t('page.home.fight')}
            </h2>
            <CheckList items={FIGHT_FOR.map((k) => t(k))} />
          </div>
          <div className="col-lg-5">
            <FounderQuote
              quote={settings.founderQuote}
              caption={t('page.home.founder', { name: settings.founderName })}
              className="mb-0"
            />
          </div>
        </div>
      </Band>

      <Band id="areas-title">
        <div className="d-flex flex-wrap justify-content-between align-items-end gap-2 mb-4">
          <h2 id="areas-title" className="section-title mb-0">
            {t('page.home.areas')}
          </h2>
          <Link to={lp('/our-case')}>{t('page.home.allAreas')}</Link>
        </div>
        <ListGrid
          items={categories.value.slice(0, 8)}
          error={categories.error}
          empty={t('page.empty.categories')}
          col="col-sm-6 col-lg-3"
          keyOf={(c) => c.case_category_id}
        >
          {(c) => <CategoryCard c={c} />}
        </ListGrid>
      </Band>

      {reviews && (
        <Band id="reviews-title" title={t('page.home.reviews')} muted>
          <ListView items={reviews.value} error={reviews.error} empty={t('page.empty.reviews')}>
            {(items) => <ReviewSlider reviews={[...items]} />}
          </ListView>
        </Band>
      )}

      <Band id="partners-title" title={t('page.home.partners')}>
        <ListView items={partners.value} error={partners.error} empty={t('page.empty.partners')}>
          {(items) => <PartnersMarquee partners={[...items]} />}
        </ListView>
      </Band>

      <Band id="reach-title" muted>
        <div className="row g-4">
          <div className={settings.rule36.strict ? 'col-12' : 'col-lg-8'}>
            <h2 id="reach-title" className="section-title">
              {t('page.home.reach')}
            </h2>
            <div className="row g-3">
              {cities.map((o) => (
                <div className="col-md-6" key={o.city}>
                  <OfficeCard office={o} />
                </div>
              ))}
            </div>
            <IconLine icon={MailIcon} className="mt-4 mb-1">
              <a href={`mailto:${settings.email}`}>{settings.email}</a>
            </IconLine>
            <IconLine icon={ClockIcon}>
              {t('page.home.hours', {
                morning: settings.hours.morning,
                evening: settings.hours.evening,
                days: settings.hours.days,
              })}
            </IconLine>
            <Link to={lp('/contact')} className="btn btn-outline-primary">
              {t('page.home.allContact')}
            </Link>
          </div>
          {!settings.rule36.strict && (
            <div className="col-lg-4">
              <AdsColumn />
            </div>
          )}
        </div>
      </Band>
    </main>
  );
}

export { PublicRouteError as ErrorBoundary } from '../../components/public/route-error';
