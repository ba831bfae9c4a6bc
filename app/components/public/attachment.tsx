import { useEffect, useState } from 'react';
import { fileUrl } from '../../lib/api';
import { DownloadIcon } from './icons';
import { island } from './island';
import { useT } from '../../lib/i18n';

/** Height of embedded PDF and Word frames (spec section 9). */
export const ATTACHMENT_FRAME_HEIGHT = 600;
const OFFICE_VIEWER = 'https://view.officeapps.live.com/op/embed.aspx?src=';

export function attachmentKind(path: string): 'pdf' | 'word' | 'other' {
  const ext = /\.([a-z0-9]+)(?:[?#].*)?$/i.exec(path)?.[1]?.toLowerCase();
  if (ext === 'pdf') return 'pdf';
  if (ext === 'doc' || ext === 'docx') return 'word';
  return 'other';
}

/**
 * True once the element comes within 400 px of the viewport. A PDF viewer costs the phone hundreds of
 * milliseconds of main-thread work and keeps the page out of the back/forward cache, so the frame gets its
 * document only when the reader scrolls towards it (the browser's own lazy loading starts far earlier).
 */
function useNearViewport(): [(el: HTMLIFrameElement | null) => void, boolean] {
  const [el, setEl] = useState<HTMLIFrameElement | null>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (!el || near) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          io.disconnect();
        }
      },
      { rootMargin: '400px 0px' },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [el, near]);
  return [setEl, near];
}

/** A case or blog attachment: PDF embedded, Word through an online office viewer, others as a download. */
export function AttachmentView({ path, title, origin }: { path: string; title: string; origin: string }) {
  const url = fileUrl(path);
  const kind = attachmentKind(path);
  const [frameRef, near] = useNearViewport();
  const { t } = useT();
  const download = (
    <a href={url} download className="btn btn-outline-primary btn-sm d-inline-flex align-items-center gap-2">
      <DownloadIcon /> {t('attachment.download')}<span className="visually-hidden">: {title}</span>
    </a>
  );
  if (kind === 'other') return <div className="attachment my-4">{download}</div>;
  const src = kind === 'pdf' ? url : OFFICE_VIEWER + encodeURIComponent(origin + url);
  return (
    <figure className="attachment my-4">
      <iframe
        ref={frameRef}
        src={near ? src : undefined}
        title={t('attachment.frame', { title })}
        height={ATTACHMENT_FRAME_HEIGHT}
        className="attachment-frame"
        loading="lazy"
      />
      <figcaption className="mt-2">{download}</figcaption>
    </figure>
  );
}

/** The attachment as an island (decision 0028): its frame loads when the reader comes near it. */
export const Attachment = island('attachment', AttachmentView);
