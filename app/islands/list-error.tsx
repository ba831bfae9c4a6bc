export { ListErrorAlert as default } from '../components/public/list-state';
