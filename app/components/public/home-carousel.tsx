import { altOf } from '@content/alt';
import { useT } from '../../lib/i18n';
import Carousel from 'react-bootstrap/Carousel';
import { useMotionControl } from './hooks';
import { MotionToggle } from './motion-toggle';
import type { SlideRow } from './site';
import { Img } from './img';
import { island } from './island';

/**
 * Where the carousel reaches into the first view (decision 0108): on a wide screen its first slide shows below
 * the firm's introduction and is preloaded; on a phone it is below the fold and loads lazily, so nothing but
 * the stylesheets (and a Malayalam or Hindi page's font) is fetched before the first paint.
 */
const FIRST_VIEW_MEDIA = '(min-width: 992px)';

/** Home carousel interval (spec section 9): 4 s, fading, no controls or indicators. */
export const CAROUSEL_INTERVAL_MS = 4000;

export interface SlideText {
  title: string;
  description: string;
}

/**
 * The hero carousel. Swipe (40 px, react-bootstrap's threshold) and the left / right arrow keys move it;
 * it pauses on hover and focus, under prefers-reduced-motion, and with its pause control.
 */
export function HomeCarouselView({ slides, texts }: { slides: SlideRow[]; texts: SlideText[] }) {
  const { t: tr, lp } = useT();
  const { playing, userPaused, setUserPaused, handlers } = useMotionControl();
  if (!slides.length) {
    const t = texts[0]!;
    return (
      <div className="hero hero-static">
        <div className="hero-caption container">
          <p className="hero-title h1">{t.title}</p>
          <p className="hero-text">{t.description}</p>
          <a href={lp('/book-consultation')} className="btn btn-accent">
            {tr('cta.book')}
          </a>
        </div>
      </div>
    );
  }
  return (
    <div className="hero position-relative">
      <Carousel
        fade
        interval={playing ? CAROUSEL_INTERVAL_MS : null}
        controls={false}
        indicators={false}
        touch
        keyboard
        pause={false}
        tabIndex={0}
        role="region"
        aria-roledescription="carousel"
        aria-label={tr('carousel.label')}
        className="home-carousel"
        {...handlers}
      >
        {slides.map((s, i) => {
          const t = texts[i % texts.length]!;
          return (
            <Carousel.Item
              key={s.carousel_id ?? ''}
              role="group"
              aria-roledescription="slide"
              aria-label={tr('carousel.slide', { n: i + 1, count: slides.length })}
            >
              <Img
                path={s.carousel_image ?? ''}
                meta={s.image_meta}
                alt={altOf(s, 'carousel_image', '')}
                width={1600}
                height={640}
                sizes="100vw"
                className="hero-img"
                preloadWhen={i === 0 ? FIRST_VIEW_MEDIA : undefined}
              />
              <div className="hero-caption container">
                <p className="hero-title h1">{t.title}</p>
                <p className="hero-text">{t.description}</p>
              </div>
            </Carousel.Item>
          );
        })}
      </Carousel>
      {slides.length > 1 && (
        <MotionToggle
          paused={userPaused}
          onToggle={() => setUserPaused(!userPaused)}
          what="slideshow"
          className="hero-toggle"
        />
      )}
    </div>
  );
}

/** The carousel as an island (decision 0028). */
export const HomeCarousel = island('carousel', HomeCarouselView);
