export { HomeCarouselView as default } from '../components/public/home-carousel';
