import { altOf } from '@content/alt';
import { useT } from '../../lib/i18n';
import { Link, useLoaderData } from 'react-router';
import { resourceByKey } from '../../../content/resources/index';
import { ListError, ListView } from '../../components/public/list-state';
import { Page } from '../../components/public/page';
import { ReviewSlider } from '../../components/public/review-slider';
import { layoutFromMatches, legalServiceLd, seo } from '../../components/public/seo';
import { attempt, usePublicData } from '../../components/public/site';
import type { Route } from './+types/about';
import { Img } from '../../components/public/img';
import { CheckList, Section } from '../../components/public/section';

export async function loader({ context }: Route.LoaderArgs) {
  const s = context.services;
  const [about, team, reviews] = await Promise.all([
    attempt(() => s.content.recentAbout(), 'Failed to fetch image.', null, s.log),
    attempt(() => s.content.list(resourceByKey.team), 'Failed to fetch team data', [], s.log),
    // Strict Rule 36 mode: client reviews are left out of the public site.
    (await s.settings.get()).rule36.strict
      ? null
      : attempt(() => s.content.list(resourceByKey.review), 'Failed to fetch reviews', [], s.log),
  ]);
  return { about, team, reviews };
}

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  const st = layout?.settings;
  return seo(matches, {
    title: 'About Us',
    description: st
      ? `The story of ${st.firmName}: founded in ${st.foundedYear} in ${st.headquarters.city}, its ethos, leadership, legal team and clients.`
      : 'The story of the firm, its ethos, leadership and legal team.',
    path: '/about-us',
    jsonLd: st && layout ? [legalServiceLd(st, layout.origin)] : [],
  });
}

const ETHOS = [
  {
    title: 'Candour',
    text: 'We tell clients what the law allows and what it does not, including when a case is better settled than fought.',
  },
  {
    title: 'Preparation',
    text: 'Every hearing is prepared as if it were the last, with the record read in full and the authorities checked.',
  },
  {
    title: 'Access',
    text: 'Consultations in the early morning and evening so that work and family never keep anyone from advice.',
  },
];

const PROMISES = [
  'A written note of your options after the first consultation',
  'Fees agreed in writing before work begins',
  'A reply to every message within one working day',
  'Copies of every document filed on your behalf',
  'Strict confidentiality of everything you share with us',
];

const CLIENTS = [
  'Families and individuals in property, succession and matrimonial matters',
  'Start-ups and family-owned businesses across South India',
  'Co-operative societies and residents’ associations',
  'Salaried employees and professionals',
  'Non-resident Indians with matters at home',
];

export default function About() {
  const { about, team, reviews } = useLoaderData<typeof loader>();
  const { settings, now } = usePublicData();
  const { lp } = useT();
  const years = new Date(now).getFullYear() - settings.foundedYear;
  return (
    <Page title="About Us" lead={settings.tagline}>
      <Section id="story-title" title="Our story">
        <div className="row g-4 align-items-start">
          <div className="col-md-7">
            <p>
              {settings.founderName} opened the firm in {settings.headquarters.city} in {settings.foundedYear} with a
              single conviction: that people facing the law deserve to understand it. More than {years > 0 ? years : 30}{' '}
              years on, that conviction still shapes every consultation.
            </p>
            <p>
              From the headquarters in {settings.headquarters.city} the practice has grown to offices in{' '}
              {settings.offices.map((o) => o.city).join(', ')}, while keeping the habits of a small chamber: the same
              lawyer from first meeting to final order, and plain answers to plain questions.
            </p>
          </div>
          <div className="col-md-5">
            {about.error ? (
              <ListError message={about.error} />
            ) : about.value?.about_img ? (
              <Img
                path={about.value.about_img ?? ''}
                meta={about.value.image_meta}
                alt={altOf(about.value, 'about_img', `Inside ${settings.firmName}`)}
                width={640}
                height={480}
                sizes="(min-width: 992px) 300px, (min-width: 768px) 40vw, 100vw"
                className="img-fluid about-img"
              />
            ) : null}
          </div>
        </div>
      </Section>

      <Section id="ethos-title" title="Our ethos">
        <div className="row g-3">
          {ETHOS.map((e) => (
            <div className="col-md-4" key={e.title}>
              <div className="step h-100 steps">
                <h3 className="h5">{e.title}</h3>
                <p className="mb-0">{e.text}</p>
              </div>
            </div>
          ))}
        </div>
      </Section>

      <Section id="leadership-title" title="Leadership and legal team">
        <ul className="list-unstyled row g-3">
          {settings.legalTeam.map((p) => (
            <li className="col-md-4" key={p.name}>
              <div className="profile h-100">
                <h3 className="h5 mb-1">{p.name}</h3>
                <p className="profile-role small mb-2">{p.role}</p>
                <p className="small mb-0">{p.practiceAreas.join(', ')}</p>
              </div>
            </li>
          ))}
        </ul>
        <Link to={lp('/our-legal-team')}>Read the full profiles</Link>
      </Section>

      <Section id="clients-title" title="Notable clients">
        <CheckList items={CLIENTS} />
      </Section>

      <Section id="promises-title" title="Our promises to you">
        <CheckList items={PROMISES} />
      </Section>

      <Section id="team-title" title="Our team">
        <ListView items={team.value} error={team.error} empty="No team members added yet.">
          {(items) => (
            <ul className="list-unstyled row g-3 mb-0">
              {items.map((t) => (
                <li className="col-sm-6 col-md-4" key={t.team_id ?? ''}>
                  <div className="card h-100 team-card">
                    <div className="card-body">
                      <h3 className="h6 mb-1">{t.name ?? ''}</h3>
                      <p className="small card-meta mb-0">{t.address ?? ''}</p>
                    </div>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </ListView>
      </Section>

      {reviews && (
        <section aria-labelledby="about-reviews-title">
          <h2 id="about-reviews-title" className="section-title">
            Client reviews
          </h2>
          <ListView items={reviews.value} error={reviews.error} empty="No reviews available at the moment.">
            {(items) => <ReviewSlider reviews={[...items]} />}
          </ListView>
        </section>
      )}
    </Page>
  );
}

export { PublicRouteError as ErrorBoundary } from '../../components/public/route-error';
