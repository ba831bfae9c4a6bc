import Container from 'react-bootstrap/Container';
import { useT } from '../../lib/i18n';
import { Link, useLoaderData } from 'react-router';
import { resourceByKey } from '../../../content/resources/index';
import { AdsColumn } from '../../components/public/ads-column';
import { CalendarIsland } from '../../components/public/calendar-widget';
import { CategoryCard } from '../../components/public/cards';
import { HomeCarousel, type SlideText } from '../../components/public/home-carousel';
import { ClockIcon, MailIcon, QuoteIcon } from '../../components/public/icons';
import { ListGrid, ListView } from '../../components/public/list-state';
import { OfficeCard } from '../../components/public/office-card';
import { PartnersMarquee } from '../../components/public/partners-marquee';
import { ReviewSlider } from '../../components/public/review-slider';
import { layoutFromMatches, legalServiceLd, seo } from '../../components/public/seo';
import { attempt, usePublicData } from '../../components/public/site';
import { fileUrl } from '../../lib/api';
import { Band, CheckList, IconLine } from '../../components/public/section';
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
  return seo(matches, {
    title: st?.firmName ?? 'Home',
    description: st
      ? `${st.firmName}: ${st.tagline}. Legal consultants in ${[st.headquarters.city, ...st.offices.map((o) => o.city)].join(', ')} since ${st.foundedYear}. Book a consultation.`
      : 'Legal consultants. Book a consultation.',
    path: '/',
    image: slide ? fileUrl(slide) : undefined,
    jsonLd: st && layout ? [legalServiceLd(st, layout.origin)] : [],
  });
}

const HOW_WE_WORK = [
  { title: 'Listen', text: 'We begin with your account, in your words, and the documents you already hold.' },
  { title: 'Assess', text: 'We set out the law that applies, your options and the likely cost and time of each.' },
  { title: 'Act', text: 'We draft, negotiate and appear for you, and tell you what each step is for.' },
  { title: 'Report', text: 'You hear from us at every turn of the matter, not only when a bill is due.' },
];

const FIGHT_FOR = [
  'Families in property, succession and matrimonial disputes',
  'Employees owed wages, dues and fair treatment',
  'Consumers let down by products and services',
  'Small businesses held to unfair contracts',
  'Citizens seeking information and accountability from public bodies',
  'People accused of offences who deserve a full and fair defence',
];

export default function Home() {
  const { slides, categories, reviews, partners } = useLoaderData<typeof loader>();
  const { settings } = usePublicData();
  const { lp } = useT();
  const cities = [settings.headquarters, ...settings.offices];
  const texts: SlideText[] = [
    {
      title: settings.tagline || settings.firmName,
      description: `Advising clients from ${settings.headquarters.city} since ${settings.foundedYear}.`,
    },
    { title: `${cities.length} cities, one standard of care`, description: cities.map((o) => o.city).join(' · ') },
    {
      title: 'Clear advice before every decision',
      description: 'Know your options, the costs and the time each one takes.',
    },
  ];
  return (
    <main id="main">
      <section className="section about-block" aria-labelledby="home-title">
        <Container>
          <div className="row g-4 align-items-start">
            <div className="col-lg-8">
              <p className="eyebrow">Since {settings.foundedYear}</p>
              <h1 id="home-title" className="display-title">
                {settings.firmName}
              </h1>
              <p className="lead">{settings.tagline}</p>
              <p>
                Founded in {settings.foundedYear} by {settings.founderName}, the firm practises from its headquarters in{' '}
                {settings.headquarters.city} and offices in {settings.offices.map((o) => o.city).join(', ')}. We advise
                individuals, families and businesses in civil, family, commercial, consumer and criminal matters, and we
                explain every step in plain language.
              </p>
              <div className="d-flex flex-wrap gap-2">
                <Link to={lp('/book-consultation')} className="btn btn-accent">
                  Book a Consultation
                </Link>
                <Link to={lp('/about-us')} className="btn btn-outline-primary">
                  About the firm
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

      <Band id="how-title" title="How we work">
        <ol className="row g-4 list-unstyled steps">
          {HOW_WE_WORK.map((s, i) => (
            <li className="col-sm-6 col-lg-3" key={s.title}>
              <div className="step h-100">
                <span className="step-no" aria-hidden="true">
                  {String(i + 1).padStart(2, '0')}
                </span>
                <h3 className="h5">{s.title}</h3>
                <p className="mb-0">{s.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </Band>

      <section className="section section-muted" aria-labelledby="fight-title">
        <Container>
          <div className="row g-4 g-lg-5 align-items-center">
            <div className="col-lg-7">
              <h2 id="fight-title" className="section-title">
                What we fight for
              </h2>
              <CheckList items={FIGHT_FOR} />
            </div>
            <div className="col-lg-5">
              <figure className="founder-quote mb-0">
                <QuoteIcon size={36} />
                <blockquote>
                  <p>{settings.founderQuote}</p>
                </blockquote>
                <figcaption>— {settings.founderName}, Founder</figcaption>
              </figure>
            </div>
          </div>
        </Container>
      </section>

      <section className="section" aria-labelledby="areas-title">
        <Container>
          <div className="d-flex flex-wrap justify-content-between align-items-end gap-2 mb-4">
            <h2 id="areas-title" className="section-title mb-0">
              Our practice areas
            </h2>
            <Link to={lp('/our-case')}>See all case categories</Link>
          </div>
          <ListGrid
            items={categories.value.slice(0, 8)}
            error={categories.error}
            empty="No case category found."
            col="col-sm-6 col-lg-3"
            keyOf={(c) => c.case_category_id}
          >
            {(c) => <CategoryCard c={c} />}
          </ListGrid>
        </Container>
      </section>

      {reviews && (
        <Band id="reviews-title" title="What our clients say" muted>
          <ListView items={reviews.value} error={reviews.error} empty="No reviews available at the moment.">
            {(items) => <ReviewSlider reviews={[...items]} />}
          </ListView>
        </Band>
      )}

      <Band id="partners-title" title="Our partners">
        <ListView items={partners.value} error={partners.error} empty="No partners available.">
          {(items) => <PartnersMarquee partners={[...items]} />}
        </ListView>
      </Band>

      <section className="section section-muted" aria-labelledby="reach-title">
        <Container>
          <div className="row g-4">
            <div className={settings.rule36.strict ? 'col-12' : 'col-lg-8'}>
              <h2 id="reach-title" className="section-title">
                Reach Us
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
                Consultation hours: {settings.hours.morning} and {settings.hours.evening}, {settings.hours.days}.
              </IconLine>
              <Link to={lp('/contact')} className="btn btn-outline-primary">
                All contact details
              </Link>
            </div>
            {!settings.rule36.strict && (
              <div className="col-lg-4">
                <AdsColumn />
              </div>
            )}
          </div>
        </Container>
      </section>
    </main>
  );
}

export { PublicRouteError as ErrorBoundary } from '../../components/public/route-error';
