export { EventStatusTicker as default } from '../components/public/event-status';
