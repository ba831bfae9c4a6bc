import { data } from 'react-router';
import { NotFoundScreen } from '../../components/public/not-found-screen';
import { notFoundMeta } from '../../components/public/seo';

/** Any other path: the 404 screen with HTTP status 404. */
export async function loader() {
  return data({ notFound: true }, { status: 404 });
}

export const meta = () => notFoundMeta();

export default function NotFound() {
  return <NotFoundScreen />;
}
