import { data, type MetaDescriptor } from 'react-router';
import { NotFoundScreen } from '../../components/public/not-found-screen';
import { notFoundMeta } from '../../components/public/seo';
import type { Route } from './+types/not-found';

/** Any other path: the 404 screen with HTTP status 404. */
export async function loader() {
  return data({ notFound: true }, { status: 404 });
}

export function meta({ matches }: Route.MetaArgs): MetaDescriptor[] {
  return notFoundMeta(matches);
}

export default function NotFound() {
  return <NotFoundScreen />;
}
