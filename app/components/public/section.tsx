import type { ComponentType, ReactNode } from 'react';

/**
 * A titled part of a public page: a <section> named by its own h2 (`id` is the heading's id). `className`:
 * the section's classes ('' for none); `anchor`: the section's own id, where a link points at it.
 */
export function Section({
  id,
  title,
  className = 'mb-5',
  headingClass = 'section-title',
  anchor,
  children,
}: {
  id: string;
  title: ReactNode;
  className?: string;
  headingClass?: string;
  anchor?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} id={anchor} className={className || undefined}>
      <h2 id={id} className={headingClass}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A line led by an icon (address, phone, email, hours): `d-flex gap-2` and the icon kept at the first line. */
export function IconLine({
  icon: Icon,
  as: Tag = 'p',
  className,
  children,
}: {
  icon: ComponentType<{ className?: string }>;
  as?: 'p' | 'li';
  className?: string;
  children: ReactNode;
}) {
  return (
    <Tag className={className ? `d-flex gap-2 ${className}` : 'd-flex gap-2'}>
      <Icon className="flex-shrink-0 mt-1" />
      {children}
    </Tag>
  );
}

/**
 * Items as a grid: a list of the classes `className` (`<ol>` where `ordered`), each item in its own column
 * `col`, keyed by `keyOf`.
 */
export function GridList<T>({
  items,
  className,
  col,
  ordered = false,
  keyOf,
  children,
}: {
  items: readonly T[];
  className: string;
  col: string;
  ordered?: boolean;
  keyOf: (item: T, index: number) => string | number;
  children: (item: T, index: number) => ReactNode;
}) {
  const List = ordered ? 'ol' : 'ul';
  return (
    <List className={className}>
      {items.map((item, i) => (
        <li className={col} key={keyOf(item, i)}>
          {children(item, i)}
        </li>
      ))}
    </List>
  );
}

/** A box of a row of steps or points: its h3 and text, led by the step's number (01, 02…) when `no` is given. */
export function StepBox({
  no,
  title,
  text,
  className = 'step h-100',
}: {
  no?: number;
  title: string;
  text: string;
  className?: string;
}) {
  return (
    <div className={className}>
      {no === undefined ? null : (
        <span className="step-no" aria-hidden="true">
          {String(no).padStart(2, '0')}
        </span>
      )}
      <h3 className="h5">{title}</h3>
      <p className="mb-0">{text}</p>
    </div>
  );
}

/** A list of statements with check marks. */
export function CheckList({ items }: { items: readonly string[] }) {
  return (
    <ul className="check-list">
      {items.map((c) => (
        <li key={c}>{c}</li>
      ))}
    </ul>
  );
}

/**
 * A full-width band of the home page: a section (muted or not) inside the page container, named by the h2
 * whose id is `id`: the band's own at the top when `title` is given, else one that `children` place.
 */
export function Band({
  id,
  title,
  muted = false,
  children,
}: {
  id: string;
  title?: ReactNode;
  muted?: boolean;
  children: ReactNode;
}) {
  return (
    <section className={muted ? 'section section-muted' : 'section'} aria-labelledby={id}>
      <div className="container">
        {title === undefined ? null : (
          <h2 id={id} className="section-title">
            {title}
          </h2>
        )}
        {children}
      </div>
    </section>
  );
}
