import { altOf } from '@content/alt';
import MarqueeImport from 'react-fast-marquee';
import { useMotionControl } from './hooks';
import { MotionToggle } from './motion-toggle';
import type { PartnerRow } from './site';
import { Img } from './img';
import { island } from './island';
import { useT } from '../../lib/i18n';

/**
 * The component itself: react-fast-marquee is CommonJS, and esbuild (the islands build, in a "type": "module"
 * package) gives its exports object as the default import, where Vite gives the component.
 */
const Marquee = (MarqueeImport as unknown as { default?: typeof MarqueeImport }).default ?? MarqueeImport;

/** Partners marquee speed (spec section 9). */
export const MARQUEE_SPEED = 50;

/**
 * The partners marquee. The moving copy is hidden from assistive technology (it repeats its items);
 * a plain list names the partners once. Pauses on hover, under reduced motion and with its control.
 */
export function PartnersMarqueeView({ partners }: { partners: PartnerRow[] }) {
  const { playing, userPaused, setUserPaused, handlers } = useMotionControl();
  const { t } = useT();
  const name = (p: PartnerRow) => p.partner_name ?? '';
  return (
    <div className="partners">
      <ul className="visually-hidden">
        {partners.map((p) => (
          <li key={p.partner_id ?? ''}>{name(p) || t('partners.unnamed')}</li>
        ))}
      </ul>
      <div aria-hidden="true" className="partners-track" {...handlers}>
        <Marquee speed={MARQUEE_SPEED} play={playing} pauseOnHover autoFill gradient={false}>
          {partners.map((p) => (
            <div className="partner" key={p.partner_id ?? ''}>
              {p.partner_image ? (
                <Img
                  path={p.partner_image ?? ''}
                  meta={p.image_meta}
                  alt={altOf(p, 'partner_image', name(p) || t('partners.logo'))}
                  width={160}
                  height={64}
                  sizes="160px"
                />
              ) : (
                <span className="partner-name">{name(p)}</span>
              )}
            </div>
          ))}
        </Marquee>
      </div>
      <MotionToggle paused={userPaused} onToggle={() => setUserPaused(!userPaused)} what="marquee" className="mt-2" />
    </div>
  );
}

/** The marquee as an island (decision 0028). */
export const PartnersMarquee = island('partners', PartnersMarqueeView);
