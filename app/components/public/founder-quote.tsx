import type { ReactNode } from 'react';
import { QuoteIcon } from './icons';

/** The founder's words (the settings' quote) under a quote mark, and who said them. */
export function FounderQuote({ quote, caption, className }: { quote: string; caption: ReactNode; className: string }) {
  return (
    <figure className={`founder-quote ${className}`}>
      <QuoteIcon size={36} />
      <blockquote>
        <p>{quote}</p>
      </blockquote>
      <figcaption>{caption}</figcaption>
    </figure>
  );
}
