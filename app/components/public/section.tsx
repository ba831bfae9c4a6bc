import type { ComponentType, ReactNode } from 'react';

/** A titled part of a public page: a <section> named by its own h2 (`id` is the heading's id). */
export function Section({
  id,
  title,
  className = 'mb-5',
  headingClass = 'section-title',
  children,
}: {
  id: string;
  title: ReactNode;
  className?: string;
  headingClass?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
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

/** A full-width band of the home page: a section (muted or not) with its h2 inside the page container. */
export function Band({
  id,
  title,
  muted = false,
  children,
}: {
  id: string;
  title: ReactNode;
  muted?: boolean;
  children: ReactNode;
}) {
  return (
    <section className={muted ? 'section section-muted' : 'section'} aria-labelledby={id}>
      <div className="container">
        <h2 id={id} className="section-title">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}
