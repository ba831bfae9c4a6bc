import { resourceByKey } from '../../../content/resources/index';
import { listPage } from '../../components/public/list-page';
import { RowImg } from '../../components/public/row-img';

const gallery = listPage(resourceByKey.gallery, {
  item: (g) => (
    <figure className="card gallery-card h-100 mb-0">
      {/* The caption below names the picture; repeating it as alt text would read it twice (alt ''). */}
      <RowImg row={g} field="gallery_image" slot="galleryCard" className="card-img-top" />
      <figcaption className="card-body">
        <h2 className="h6 mb-0">{g.title ?? ''}</h2>
      </figcaption>
    </figure>
  ),
});

export const loader = gallery.loader;
export const meta = gallery.meta;
export default gallery.ListPage;

export { PublicRouteError as ErrorBoundary } from '../../components/public/route-error';
