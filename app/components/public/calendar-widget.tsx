import { altOf } from '@content/alt';
import { useEffect, useRef, useState } from 'react';
import { toast } from './toasts';
import { formatPublicDate } from '../../../content/rules/dates';
import { api } from '../../lib/api';
import { island } from './island';
import { Modal, ModalHeader } from './modal';
import { CalendarIcon } from './icons';
import type { CalendarRow } from './site';
import { Img } from './img';
import { formatDay, useT } from '../../lib/i18n';
import { MONTH_NAMES, monthCells } from '../../lib/month-grid';

export const localIsoDate = (d: Date): string =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** Milliseconds from `d` to the next local midnight. */
export function msToNextMidnight(d: Date): number {
  const next = new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1, 0, 0, 0, 0);
  return next.getTime() - d.getTime();
}

/** Today's date in the browser, advancing at each local midnight; null on the server and while hydrating. */
function useToday(): Date | null {
  const [today, setToday] = useState<Date | null>(null);
  useEffect(() => {
    let id = 0;
    const schedule = () => {
      const now = new Date();
      setToday(now);
      id = window.setTimeout(schedule, msToNextMidnight(now) + 50);
    };
    schedule();
    return () => window.clearTimeout(id);
  }, []);
  return today;
}

/** The cells of the month grid: always six weeks, so the widget is as tall before hydration as after it. */
const GRID_CELLS = 42;

/**
 * The month at a glance (inside the widget's button, so phrasing elements only; hidden from assistive tech).
 * Without `today` (on the server and while hydrating) it draws the weekdays and six empty weeks, so the
 * month's arrival moves nothing below it.
 */
function MonthGrid({ today, weekdays }: { today: Date | null; weekdays: string[] }) {
  const cells: (number | null)[] = today ? monthCells(today.getFullYear(), today.getMonth()) : [];
  while (cells.length < GRID_CELLS) cells.push(null);
  return (
    <span className="calendar-grid" aria-hidden="true">
      {weekdays.map((d, i) => (
        <span key={i} className="calendar-wd">
          {d}
        </span>
      ))}
      {cells.map((d, i) => (
        <span key={i} className={today && d === today.getDate() ? 'calendar-day today' : 'calendar-day'}>
          {d ?? '\u00a0'}
        </span>
      ))}
    </span>
  );
}

type LoadState =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'loaded'; items: CalendarRow[] }
  | { kind: 'error'; message: string };

/** The calendar widget of the side columns; clicking it opens a large modal of the calendar images. */
export function CalendarWidget() {
  const today = useToday();
  const { t, locale } = useT();
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<LoadState>({ kind: 'idle' });
  const loading = useRef(false);

  useEffect(() => {
    if (!open || loading.current || state.kind === 'loaded') return;
    loading.current = true;
    setState({ kind: 'loading' });
    api<{ calendar?: CalendarRow[] }>('/api/calendar/getAllCalendarsInDesc')
      .then((res) => {
        if (res.ok) setState({ kind: 'loaded', items: res.body.calendar ?? [] });
        else {
          const message = res.body.message || t('calendar.failed');
          toast.error(message);
          setState({ kind: 'error', message });
        }
      })
      .catch((err: unknown) => {
        const message = t('calendar.network', { reason: err instanceof Error ? err.message : String(err) });
        toast.error(message);
        setState({ kind: 'error', message });
      })
      .finally(() => {
        loading.current = false;
      });
  }, [open, state.kind, t]);

  const iso = today ? localIsoDate(today) : '';
  const close = () => setOpen(false);
  return (
    <section className="calendar-widget side-card" aria-labelledby="calendar-widget-title">
      <h2 id="calendar-widget-title" className="side-title">
        {t('calendar.title')}
      </h2>
      <button type="button" className="calendar-face" onClick={() => setOpen(true)} aria-haspopup="dialog">
        <span className="calendar-head">
          <CalendarIcon size={20} />
          {today ? (
            <time dateTime={iso} className="calendar-today">
              {locale === 'en' ? formatPublicDate(iso) : formatDay(locale, iso)}
            </time>
          ) : (
            <span className="calendar-today">&nbsp;</span>
          )}
        </span>
        <span className="calendar-month">
          {today
            ? locale === 'en'
              ? `${MONTH_NAMES[today.getMonth()]} ${today.getFullYear()}`
              : formatDay(locale, iso, 'month')
            : '\u00a0'}
        </span>
        <span className="calendar-body">
          <MonthGrid today={today} weekdays={t('calendar.weekdays').split(' ')} />
        </span>
        <span className="calendar-cta">{t('calendar.cta')}</span>
      </button>

      <Modal show={open} onHide={close} size="xl" aria-labelledby="calendar-modal-title" className="calendar-modal">
        <ModalHeader closeLabel={t('calendar.close')} onHide={close}>
          <h2 id="calendar-modal-title" className="modal-title">
            {t('calendar.title')}
          </h2>
        </ModalHeader>
        <div className="modal-body">
          {state.kind === 'loading' || state.kind === 'idle' ? (
            <p role="status" className="mb-0">
              {t('calendar.loading')}
            </p>
          ) : state.kind === 'error' ? (
            <p role="alert" className="alert alert-danger mb-0">
              {state.message}
            </p>
          ) : state.items.length === 0 ? (
            <p className="mb-0">{t('calendar.none')}</p>
          ) : (
            <ul className="list-unstyled calendar-images mb-0">
              {state.items.map((c, i) => (
                <li key={c.calendar_id ?? ''}>
                  <Img
                    path={c.calendar_img ?? ''}
                    meta={c.image_meta}
                    alt={altOf(c, 'calendar_img', t('calendar.page', { n: i + 1 }))}
                    width={1200}
                    height={1600}
                    sizes="(min-width: 1200px) 360px, (min-width: 576px) 50vw, 100vw"
                    className="img-fluid"
                  />
                </li>
              ))}
            </ul>
          )}
        </div>
      </Modal>
    </section>
  );
}

/** The calendar widget has no props: the island's JSON is `{}`. */
export const CalendarIsland = island('calendar', CalendarWidget);
