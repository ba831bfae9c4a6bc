export { DisclaimerPopup as default } from '../components/public/disclaimer';
