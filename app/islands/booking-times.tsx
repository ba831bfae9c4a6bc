export { BookingTimesView as default } from '../components/public/booking-times';
