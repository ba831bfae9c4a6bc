export { PartnersMarqueeView as default } from '../components/public/partners-marquee';
