import { altOf } from '@content/alt';
import { useT, type MessageKey } from '../../lib/i18n';
import { Link, useLoaderData } from 'react-router';
import { resourceByKey } from '../../../content/resources/index';
import { ListError, ListView } from '../../components/public/list-state';
import { Page } from '../../components/public/page';
import { ReviewSlider } from '../../components/public/review-slider';
import { legalServiceLd, settingsMeta } from '../../components/public/seo';
import { attempt, usePublicData } from '../../components/public/site';
import type { Route } from './+types/about';
import { Img } from '../../components/public/img';
import { CheckList, GridList, Section, StepBox } from '../../components/public/section';

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

const ABOUT = 'The story of the firm, its ethos, leadership and legal team.';
export const meta = settingsMeta('page.about.title', '/about-us', ABOUT, (t, st, origin) => ({
  description: t('page.about.description', { firm: st.firmName, year: st.foundedYear, city: st.headquarters.city }),
  jsonLd: [legalServiceLd(st, origin)],
}));

/** The firm's ethos, promises and clients: their texts in the catalogs (decision 0063). */
const ETHOS = [
  { title: 'page.about.ethos.candour', text: 'page.about.ethos.candour.text' },
  { title: 'page.about.ethos.preparation', text: 'page.about.ethos.preparation.text' },
  { title: 'page.about.ethos.access', text: 'page.about.ethos.access.text' },
] as const satisfies readonly { title: MessageKey; text: MessageKey }[];

const PROMISES = ['page.about.promises.1', 'page.about.promises.2', 'page.about.promises.3', 'page.about.promises.4', 'page.about.promises.5'] as const satisfies readonly MessageKey[];

const CLIENTS = ['page.about.clients.1', 'page.about.clients.2', 'page.about.clients.3', 'page.about.clients.4', 'page.about.clients.5'] as const satisfies readonly MessageKey[];

export default function About() {
  const { about, team, reviews } = useLoaderData<typeof loader>();
  const { settings, now } = usePublicData();
  const { t, lp } = useT();
  const years = new Date(now).getFullYear() - settings.foundedYear;
  return (
    <Page title={t('page.about.title')} lead={settings.tagline}>
      <Section id="story-title" title={t('page.about.story')}>
        <div className="row g-4 align-items-start">
          <div className="col-md-7">
            <p>
              {t('page.about.story.1', {
                founder: settings.founderName,
                city: settings.headquarters.city,
                year: settings.foundedYear,
                years: years > 0 ? years : 30,
              })}
            </p>
            <p>
              {t('page.about.story.2', {
                city: settings.headquarters.city,
                offices: settings.offices.map((o) => o.city).join(', '),
              })}
            </p>
          </div>
          <div className="col-md-5">
            {about.error ? (
              <ListError message={about.error} />
            ) : about.value?.about_img ? (
              <Img
                path={about.value.about_img ?? ''}
                meta={about.value.image_meta}
                alt={altOf(about.value, 'about_img', t('page.about.imageAlt', { firm: settings.firmName }))}
                width={640}
                height={480}
                sizes="(min-width: 992px) 300px, (min-width: 768px) 40vw, 100vw"
                className="img-fluid about-img"
              />
            ) : null}
          </div>
        </div>
      </Section>

      <Section id="ethos-title" title={t('page.about.ethos')}>
        <div className="row g-3">
          {ETHOS.map((e) => (
            <div className="col-md-4" key={e.title}>
              <StepBox title={t(e.title)} text={t(e.text)} className="step h-100 steps" />
            </div>
          ))}
        </div>
      </Section>

      <Section id="leadership-title" title={t('page.about.leadership')}>
        <GridList items={settings.legalTeam} className="list-unstyled row g-3" col="col-md-4" keyOf={(p) => p.name}>
          {(p) => (
            <div className="profile h-100">
              <h3 className="h5 mb-1">{p.name}</h3>
              <p className="profile-role small mb-2">{p.role}</p>
              <p className="small mb-0">{p.practiceAreas.join(', ')}</p>
            </div>
          )}
        </GridList>
        <Link to={lp('/our-legal-team')}>{t('page.about.fullProfiles')}</Link>
      </Section>

      <Section id="clients-title" title={t('page.about.clients')}>
        <CheckList items={CLIENTS.map((k) => t(k))} />
      </Section>

      <Section id="promises-title" title={t('page.about.promises')}>
        <CheckList items={PROMISES.map((k) => t(k))} />
      </Section>

      <Section id="team-title" title={t('page.about.team')}>
        <ListView items={team.value} error={team.error} empty={t('page.empty.team')}>
          {(items) => (
            <GridList
              items={items}
              className="list-unstyled row g-3 mb-0"
              col="col-sm-6 col-md-4"
              keyOf={(m) => m.team_id ?? ''}
            >
              {(m) => (
                <div className="card h-100 team-card">
                  <div className="card-body">
                    <h3 className="h6 mb-1">{m.name ?? ''}</h3>
                    <p className="small card-meta mb-0">{m.address ?? ''}</p>
                  </div>
                </div>
              )}
            </GridList>
          )}
        </ListView>
      </Section>

      {reviews && (
        <Section id="about-reviews-title" title={t('page.about.reviews')} className="">
          <ListView items={reviews.value} error={reviews.error} empty={t('page.empty.reviews')}>
            {(items) => <ReviewSlider reviews={[...items]} />}
          </ListView>
        </Section>
      )}
    </Page>
  );
}

export { PublicRouteError as ErrorBoundary } from '../../components/public/route-error';
