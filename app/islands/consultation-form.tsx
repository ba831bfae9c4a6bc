export { ConsultationFormView as default } from '../components/public/consultation-form';
