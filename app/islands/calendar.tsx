export { CalendarWidget as default } from '../components/public/calendar-widget';
