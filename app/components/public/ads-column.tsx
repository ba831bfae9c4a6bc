import { altOf } from '@content/alt';
import { useT } from '../../lib/i18n';
import { useEffect } from 'react';
import { toast } from './toasts';
import { activeAds } from '../../../content/rules/ad-window';
import { useNow } from './hooks';
import { usePublicData, type AdRow } from './site';
import { Img } from './img';
import { island } from './island';

const byDisplay = (a: AdRow, b: AdRow) =>
  ((a.ads_display ?? '') === 'Primary' ? 0 : 1) - ((b.ads_display ?? '') === 'Primary' ? 0 : 1);

/** The ads banner: only ads inside their date window, checked again in the browser every minute (an island). */
export function AdsView({
  ads,
  adsError,
  now: serverNow,
  limit,
}: {
  ads: AdRow[];
  adsError: string | null;
  now: number;
  limit?: number;
}) {
  const now = useNow(serverNow, 60_000);
  const { t } = useT();
  useEffect(() => {
    if (adsError) toast.error(adsError, { toastId: adsError });
  }, [adsError]);
  const visible = activeAds(ads, now)
    .sort(byDisplay)
    .slice(0, limit ?? ads.length);
  return (
    <aside className="ads-column side-card" aria-labelledby="ads-title">
      <h2 id="ads-title" className="side-title">
        {t('ads.sponsored')}
      </h2>
      {visible.length === 0 ? (
        <p className="list-empty mb-0">{t('ads.none')}</p>
      ) : (
        <ul className="list-unstyled mb-0 d-grid gap-3">
          {visible.map((ad) => (
            <li
              key={ad.ads_id ?? ''}
              className={`ad ad-${(ad.ads_display ?? '').toLowerCase()}`}
              data-ad-id={ad.ads_id ?? ''}
            >
              <Img
                path={ad.ads_image ?? ''}
                meta={ad.image_meta}
                alt={altOf(ad, 'ads_image', (ad.ads_display ?? '') === 'Primary' ? t('ads.alt.primary') : (ad.ads_display ?? '') ? t('ads.alt.secondary') : t('ads.alt.sponsored'))}
                width={600}
                height={400}
                sizes="(min-width: 992px) 360px, 100vw"
                className="img-fluid"
              />
            </li>
          ))}
        </ul>
      )}
    </aside>
  );
}

const AdsIsland = island('ads', AdsView);

/** The ads banner of the page, from the layout's data. Strict Rule 36 mode: no ads, not even the empty banner. */
export function AdsColumn({ limit }: { limit?: number }) {
  const { ads, adsError, now, settings } = usePublicData();
  if (settings.rule36.strict) return null;
  return <AdsIsland ads={ads} adsError={adsError} now={now} limit={limit} />;
}
