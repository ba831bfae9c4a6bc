import { AdsColumn } from './ads-column';
import { CalendarIsland } from './calendar-widget';

/** The side column of most public pages: a calendar and the ads banner. */
export function SideColumn({ calendar = true }: { calendar?: boolean }) {
  return (
    <div className="side-column d-grid gap-4">
      {calendar && <CalendarIsland />}
      <AdsColumn />
    </div>
  );
}
