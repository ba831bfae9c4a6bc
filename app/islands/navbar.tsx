export { SiteNavbar as default } from '../components/public/header';
