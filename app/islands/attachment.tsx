export { AttachmentView as default } from '../components/public/attachment';
