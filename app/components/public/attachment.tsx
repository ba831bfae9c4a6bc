import { fileUrl } from '../../lib/api';
import { DownloadIcon } from './icons';

/** Height of embedded PDF and Word frames (spec section 9). */
export const ATTACHMENT_FRAME_HEIGHT = 600;
const OFFICE_VIEWER = 'https://view.officeapps.live.com/op/embed.aspx?src=';

export function attachmentKind(path: string): 'pdf' | 'word' | 'other' {
  const ext = /\.([a-z0-9]+)(?:[?#].*)?$/i.exec(path)?.[1]?.toLowerCase();
  if (ext === 'pdf') return 'pdf';
  if (ext === 'doc' || ext === 'docx') return 'word';
  return 'other';
}

/** A case or blog attachment: PDF embedded, Word through an online office viewer, others as a download. */
export function Attachment({ path, title, origin }: { path: string; title: string; origin: string }) {
  const url = fileUrl(path);
  const kind = attachmentKind(path);
  const download = (
    <a href={url} download className="btn btn-outline-primary btn-sm d-inline-flex align-items-center gap-2">
      <DownloadIcon /> Download the attached file<span className="visually-hidden">: {title}</span>
    </a>
  );
  if (kind === 'other') return <div className="attachment my-4">{download}</div>;
  const src = kind === 'pdf' ? url : OFFICE_VIEWER + encodeURIComponent(origin + url);
  return (
    <figure className="attachment my-4">
      <iframe
        src={src}
        title={`Attached document: ${title}`}
        width="100%"
        height={ATTACHMENT_FRAME_HEIGHT}
        className="attachment-frame"
        loading="lazy"
      />
      <figcaption className="mt-2">{download}</figcaption>
    </figure>
  );
}
