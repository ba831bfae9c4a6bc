import { fileUrl } from '~/lib/api';

const VIDEO = /\.(mp4|mov)$/i;
const IMAGE = /\.(jpe?g|png|gif|webp|svg)$/i;

export function isVideoPath(path: string): boolean {
  return VIDEO.test(path);
}

/** A stored file shown at '/' + its path: image thumbnail, video player or a link. */
export function FileView({
  path,
  alt,
  height = 60,
}: {
  path: string | null | undefined;
  alt: string;
  height?: number;
}) {
  if (!path) return <span className="text-body-secondary">—</span>;
  const url = fileUrl(path);
  if (VIDEO.test(path)) {
    return (
      <video
        src={url}
        controls
        preload="metadata"
        style={{ maxHeight: height * 1.5, maxWidth: 180 }}
        aria-label={alt}
      />
    );
  }
  if (IMAGE.test(path)) {
    return <img src={url} alt={alt} style={{ height, maxWidth: 160, objectFit: 'cover' }} loading="lazy" />;
  }
  return (
    <a href={url} target="_blank" rel="noreferrer">
      View file<span className="visually-hidden"> ({alt})</span>
    </a>
  );
}
