import { useEffect, useState } from 'react';
import { QuoteIcon } from './icons';
import { useMotionControl } from './hooks';
import { MotionToggle } from './motion-toggle';
import type { ReviewRow } from './site';
import { island } from './island';
import { useT } from '../../lib/i18n';

/** Review slider step (spec section 9). Cards visible: 1 at ≤ 768 px, 2 at ≤ 991 px, 3 above (CSS). */
export const REVIEW_STEP_MS = 3000;

/** Client reviews, advancing one card every 3 s and wrapping around. */
export function ReviewSliderView({ reviews }: { reviews: ReviewRow[] }) {
  const { playing, userPaused, setUserPaused, handlers } = useMotionControl();
  const { t } = useT();
  const [index, setIndex] = useState(0);
  const n = reviews.length;
  useEffect(() => {
    if (!playing || n < 2) return;
    const id = window.setInterval(() => setIndex((i) => (i + 1) % n), REVIEW_STEP_MS);
    return () => window.clearInterval(id);
  }, [playing, n]);
  const start = n ? index % n : 0;
  const ordered = [...reviews.slice(start), ...reviews.slice(0, start)];
  return (
    <div className="review-slider">
      <div
        className="review-viewport"
        role="region"
        aria-roledescription="carousel"
        aria-label={t('reviews.label')}
        {...handlers}
      >
        <ul className="review-track list-unstyled mb-0" data-index={start}>
          {ordered.map((r) => (
            <li key={r.client_review_id ?? ''} className="review-card" data-review-id={r.client_review_id ?? ''}>
              <figure className="h-100 mb-0">
                <QuoteIcon size={28} className="review-quote" />
                <blockquote className="mb-3">
                  <p>{r.message ?? ''}</p>
                </blockquote>
                <figcaption>
                  <strong>{r.name ?? ''}</strong>
                  <span className="d-block small">{r.profession ?? ''}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
      {n > 1 && (
        <MotionToggle paused={userPaused} onToggle={() => setUserPaused(!userPaused)} what="reviews" className="mt-3" />
      )}
    </div>
  );
}

/** The slider as an island (decision 0028). */
export const ReviewSlider = island('reviews', ReviewSliderView);
