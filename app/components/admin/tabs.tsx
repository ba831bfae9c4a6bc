import { useRef, useState } from 'react';

/**
 * Tabs as the WAI-ARIA tabs pattern has them (a tablist of buttons, the arrow keys, Home and End move between
 * them), in Bootstrap's look. react-bootstrap's Tabs are not used: their server build fails (its SSR id module).
 */
export function TabList({
  id,
  label,
  tabs,
  active,
  onSelect,
}: {
  id: string;
  label: string;
  tabs: readonly { key: string; title: React.ReactNode }[];
  active: string;
  onSelect(key: string): void;
}) {
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const move = (e: React.KeyboardEvent, i: number) => {
    const to = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    const next = tabs[(to + tabs.length) % tabs.length]!;
    onSelect(next.key);
    refs.current[next.key]?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className="nav nav-tabs mb-3">
      {tabs.map((t, i) => (
        <button
          key={t.key}
          ref={(el) => {
            refs.current[t.key] = el;
          }}
          type="button"
          role="tab"
          id={`${id}-tab-${t.key}`}
          aria-controls={`${id}-panel-${t.key}`}
          aria-selected={t.key === active}
          tabIndex={t.key === active ? 0 : -1}
          className={`nav-link${t.key === active ? ' active' : ''}`}
          onClick={() => onSelect(t.key)}
          onKeyDown={(e) => move(e, i)}
        >
          {t.title}
        </button>
      ))}
    </div>
  );
}

/**
 * The panel of one tab of a TabList: drawn once its tab is first chosen (its requests wait till then), then kept
 * (what was typed survives a switch), hidden while another tab is chosen.
 */
export function TabPanel({
  id,
  tab,
  active,
  children,
}: {
  id: string;
  tab: string;
  active: string;
  children: React.ReactNode;
}) {
  const [seen, setSeen] = useState(tab === active);
  if (tab === active && !seen) setSeen(true);
  return (
    <div role="tabpanel" id={`${id}-panel-${tab}`} aria-labelledby={`${id}-tab-${tab}`} hidden={tab !== active}>
      {seen ? children : null}
    </div>
  );
}
