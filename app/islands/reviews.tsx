export { ReviewSliderView as default } from '../components/public/review-slider';
