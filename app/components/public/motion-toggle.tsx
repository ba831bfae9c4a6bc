import { PauseIcon, PlayIcon } from './icons';

/** The pause / play control of moving content (WCAG 2.2.2). */
export function MotionToggle({
  paused,
  onToggle,
  what,
  className = '',
}: {
  paused: boolean;
  onToggle: () => void;
  what: string;
  className?: string;
}) {
  return (
    <button type="button" className={`btn btn-sm motion-toggle ${className}`} onClick={onToggle} aria-pressed={paused}>
      {paused ? <PlayIcon size={14} /> : <PauseIcon size={14} />}
      <span className="ms-1">{paused ? `Play ${what}` : `Pause ${what}`}</span>
    </button>
  );
}
