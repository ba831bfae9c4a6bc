import { useEffect, useState, useSyncExternalStore } from 'react';

function mediaStore(query: string) {
  return {
    subscribe(cb: () => void) {
      const mq = window.matchMedia(query);
      mq.addEventListener('change', cb);
      return () => mq.removeEventListener('change', cb);
    },
    get: () => window.matchMedia(query).matches,
  };
}

/** A media query's match, false on the server and during hydration. */
export function useMediaQuery(query: string): boolean {
  const [store] = useState(() => (typeof window === 'undefined' ? null : mediaStore(query)));
  return useSyncExternalStore(store ? store.subscribe : () => () => {}, store ? store.get : () => false, () => false);
}

export function useReducedMotion(): boolean {
  return useMediaQuery('(prefers-reduced-motion: reduce)');
}

/** False on the server and in the hydration render, true once mounted in the browser. */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}

/**
 * The current time, starting at `initial` (the server's time, so the hydration render matches the
 * server HTML) and then the browser's clock, refreshed every `everyMs`.
 */
export function useNow(initial: number, everyMs: number): number {
  const [now, setNow] = useState(initial);
  useEffect(() => {
    setNow(Date.now());
    const id = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(id);
  }, [everyMs]);
  return now;
}

/** Pause state of moving content: paused by hover, by focus inside, by the user, or by reduced motion. */
export function useMotionControl() {
  const reduced = useReducedMotion();
  const [hover, setHover] = useState(false);
  const [focus, setFocus] = useState(false);
  const [userPaused, setUserPaused] = useState(false);
  const playing = !reduced && !hover && !focus && !userPaused;
  const handlers = {
    onMouseEnter: () => setHover(true),
    onMouseLeave: () => setHover(false),
    onFocus: () => setFocus(true),
    onBlur: (e: React.FocusEvent<HTMLElement>) => {
      if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocus(false);
    },
  };
  return { playing, reduced, userPaused, setUserPaused, handlers };
}
