import { AdsColumn } from './ads-column';
import { CalendarWidget } from './calendar-widget';

/** The side column of most public pages: a calendar and the ads banner. */
export function SideColumn({ calendar = true }: { calendar?: boolean }) {
  return (
    <div className="side-column d-grid gap-4">
      {calendar && <CalendarWidget />}
      <AdsColumn />
    </div>
  );
}
