import { useEffect, useRef, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { wrapTabKey } from './focus-wrap';

/**
 * Bootstrap's modal markup with the behaviour the public pages need (decision 0028: in place of
 * react-bootstrap's Modal and its transition helpers): shown in a portal on <body> with its backdrop, the
 * page behind it does not scroll, focus moves into the dialog and stays there (Tab wraps, focus that
 * escapes is pulled back), Escape closes, a click beside the dialog closes unless the backdrop is static,
 * and focus returns to where it was on close. Nothing is rendered while hidden (nor on the server).
 */
export function Modal({
  show,
  onHide,
  staticBackdrop = false,
  size,
  centered = false,
  className = '',
  children,
  ...attrs
}: {
  show: boolean;
  onHide: () => void;
  staticBackdrop?: boolean;
  size?: 'lg' | 'xl';
  centered?: boolean;
  className?: string;
  children: ReactNode;
} & Omit<ComponentPropsWithoutRef<'div'>, 'children' | 'className' | 'role'>) {
  const ref = useRef<HTMLDivElement>(null);
  const hide = useRef(onHide);
  useEffect(() => {
    hide.current = onHide;
  });
  useEffect(() => {
    if (!show) return;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const body = document.body;
    const scrollbar = window.innerWidth - document.documentElement.clientWidth;
    body.classList.add('modal-open');
    body.style.overflow = 'hidden';
    if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;
    ref.current?.focus();
    const keepFocus = (e: FocusEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) ref.current.focus();
    };
    const escape = (e: KeyboardEvent) => {
      if (e.key === 'Escape') hide.current();
    };
    document.addEventListener('focusin', keepFocus);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('focusin', keepFocus);
      document.removeEventListener('keydown', escape);
      body.classList.remove('modal-open');
      body.style.overflow = '';
      body.style.paddingRight = '';
      before?.focus();
    };
  }, [show]);
  if (!show) return null;
  const dialog = `modal-dialog${size ? ` modal-${size}` : ''}${centered ? ' modal-dialog-centered' : ''}`;
  return createPortal(
    <>
      <div className="fade modal-backdrop show" />
      <div
        {...attrs}
        ref={ref}
        role="dialog"
        aria-modal="true"
        tabIndex={-1}
        className={`fade ${className} modal show`}
        style={{ display: 'block' }}
        onKeyDown={wrapTabKey}
        onClick={(e) => {
          if (e.target === e.currentTarget && !staticBackdrop) onHide();
        }}
      >
        <div className={dialog}>
          <div className="modal-content">{children}</div>
        </div>
      </div>
    </>,
    document.body,
  );
}

/** The modal's header: its title (children) and the close button named `closeLabel`. */
export function ModalHeader({
  closeLabel,
  onHide,
  children,
}: {
  closeLabel: string;
  onHide: () => void;
  children: ReactNode;
}) {
  return (
    <div className="modal-header">
      {children}
      <button type="button" className="btn-close" aria-label={closeLabel} onClick={onHide} />
    </div>
  );
}
