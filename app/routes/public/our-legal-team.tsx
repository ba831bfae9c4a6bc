import { FounderQuote } from '../../components/public/founder-quote';
import { PhoneIcon } from '../../components/public/icons';
import { Page } from '../../components/public/page';
import { legalTeamLd, settingsMeta } from '../../components/public/seo';
import { useT } from '../../lib/i18n';
import { telHref, usePublicData } from '../../components/public/site';
import type { SiteSettings } from '../../../content/settings';
import { isoToDmy } from '../../../content/rules/dates';
import { profileAnchor } from '../../../content/rules/search-path';

const TEAM = 'Profiles of the firm’s lawyers, their practice areas and biographies.';
export const meta = settingsMeta('page.team.title', '/our-legal-team', TEAM, (t, st, origin) => ({
  description: t('page.team.description', { people: st.legalTeam.map((p) => `${p.name} (${p.role})`).join(', ') }),
  jsonLd: legalTeamLd(st, origin),
}));

/** The particulars Bar Council of India Rule 36 allows an advocate's website to give; blanks are left out. */
function Particulars({ profile: p }: { profile: SiteSettings['legalTeam'][number] }) {
  const { t } = useT();
  const rows: [string, string][] = [
    [t('page.team.enrolmentNumber'), p.enrolmentNumber],
    [t('page.team.enrolmentDate'), p.enrolmentDate ? isoToDmy(p.enrolmentDate) : ''],
    [t('page.team.barCouncilFirst'), p.barCouncilFirst],
    [t('page.team.barCouncilCurrent'), p.barCouncilCurrent],
    [t('page.team.barAssociation'), p.barAssociation],
  ];
  const shown = rows.filter(([, v]) => v);
  if (shown.length === 0 && p.qualifications.length === 0) return null;
  return (
    <>
      <h3 className="h6">{t('page.team.particulars')}</h3>
      <dl className="profile-particulars small">
        {shown.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
        {p.qualifications.length > 0 && (
          <div>
            <dt>{t('page.team.qualifications')}</dt>
            <dd>
              <ul className="mb-0 ps-3">
                {p.qualifications.map((q) => (
                  <li key={q}>{q}</li>
                ))}
              </ul>
            </dd>
          </div>
        )}
      </dl>
    </>
  );
}

export default function OurLegalTeam() {
  const { settings } = usePublicData();
  const { t } = useT();
  return (
    <Page title={t('page.team.title')} lead={t('page.team.lead')} side={false}>
      <FounderQuote quote={settings.founderQuote} caption={<>— {settings.founderName}</>} className="mb-5" />
      <ul className="list-unstyled row g-4">
        {settings.legalTeam.map((p) => (
          <li className="col-lg-4" key={p.name}>
            <article className="profile h-100" id={profileAnchor(p.name)}>
              <h2 className="h4 mb-1">{p.name}</h2>
              <p className="profile-role mb-3">{p.role}</p>
              <h3 className="h6">{t('page.team.practiceAreas')}</h3>
              <ul className="small">
                {p.practiceAreas.map((a) => (
                  <li key={a}>{a}</li>
                ))}
              </ul>
              <h3 className="h6">{t('page.team.biography')}</h3>
              <p className="small">{p.bio}</p>
              <Particulars profile={p} />
              {p.phones.length > 0 && (
                <>
                  <h3 className="h6">{t('page.team.contact')}</h3>
                  <ul className="list-unstyled small mb-0">
                    {p.phones.map((ph) => (
                      <li key={ph} className="d-flex gap-2">
                        <PhoneIcon className="mt-1" />
                        <a href={telHref(ph)} className="profile-phone">
                          {ph}
                        </a>
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </article>
          </li>
        ))}
      </ul>
      <p className="rule36-declaration small mt-4 mb-0" role="note">
        {settings.rule36.declaration}
      </p>
    </Page>
  );
}

export { PublicRouteError as ErrorBoundary } from '../../components/public/route-error';
