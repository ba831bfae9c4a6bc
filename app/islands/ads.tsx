export { AdsView as default } from '../components/public/ads-column';
