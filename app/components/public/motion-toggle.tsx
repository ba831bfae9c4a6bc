import { PauseIcon, PlayIcon } from './icons';
import { useT, type MessageKey } from '../../lib/i18n';

/** What moves, and the words of its control in the catalogs ('Pause slideshow', 'Play slideshow'). */
const LABELS = {
  slideshow: { play: 'motion.slideshow.play', pause: 'motion.slideshow.pause' },
  reviews: { play: 'motion.reviews.play', pause: 'motion.reviews.pause' },
  marquee: { play: 'motion.partners.play', pause: 'motion.partners.pause' },
} as const satisfies Record<string, { play: MessageKey; pause: MessageKey }>;

/** The pause / play control of moving content (WCAG 2.2.2). */
export function MotionToggle({
  paused,
  onToggle,
  what,
  className = '',
}: {
  paused: boolean;
  onToggle: () => void;
  what: keyof typeof LABELS;
  className?: string;
}) {
  const { t } = useT();
  return (
    <button type="button" className={`btn btn-sm motion-toggle ${className}`} onClick={onToggle} aria-pressed={paused}>
      {paused ? <PlayIcon size={14} /> : <PauseIcon size={14} />}
      <span className="ms-1">{t(paused ? LABELS[what].play : LABELS[what].pause)}</span>
    </button>
  );
}
