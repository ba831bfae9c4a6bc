import { altOf } from '@content/alt';
import { useLoaderData } from 'react-router';
import { resourceByKey } from '../../../content/resources/index';
import { ListGrid } from '../../components/public/list-state';
import { Page } from '../../components/public/page';
import { seo } from '../../components/public/seo';
import { attempt } from '../../components/public/site';
import type { Route } from './+types/gallery';
import { Img } from '../../components/public/img';

export async function loader({ context }: Route.LoaderArgs) {
  const s = context.services;
  const gallery = await attempt(
    () => s.content.list(resourceByKey.gallery),
    'Error occurred while fetching gallery',
    [],
    s.log,
  );
  return { gallery };
}

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    title: 'Gallery',
    description: 'Photographs from the firm’s offices, events, legal awareness camps and community work.',
    path: '/gallery',
  });
}

export default function Gallery() {
  const { gallery } = useLoaderData<typeof loader>();
  return (
    <Page title="Gallery" lead="Moments from our offices, events and community work." side={false}>
      <ListGrid
        items={gallery.value}
        error={gallery.error}
        empty="No gallery images available."
        col="col-sm-6 col-lg-4"
        keyOf={(g) => g.gallery_id}
      >
        {(g) => (
          <figure className="card gallery-card h-100 mb-0">
            <Img
              path={g.gallery_image ?? ''}
              meta={g.image_meta}
              // The caption below names the picture; repeating it as alt text would read it twice.
              alt={altOf(g, 'gallery_image', '')}
              width={640}
              height={480}
              sizes="(min-width: 992px) 33vw, (min-width: 576px) 50vw, 100vw"
              className="card-img-top"
            />
            <figcaption className="card-body">
              <h2 className="h6 mb-0">{g.title ?? ''}</h2>
            </figcaption>
          </figure>
        )}
      </ListGrid>
    </Page>
  );
}

export { PublicRouteError as ErrorBoundary } from '../../components/public/route-error';
