export { PrintButtonView as default } from '../components/public/print-button';
