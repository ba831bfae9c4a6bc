export { FaqAccordionView as default } from '../components/public/faq-accordion';
