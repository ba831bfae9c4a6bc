import { useEffect, useState } from 'react';
import { island } from './island';

export interface FaqItem {
  id: string;
  question: string;
  answer: string;
}

/**
 * The FAQ accordion (an island, decision 0028): Bootstrap's accordion markup, the first question open,
 * one open at a time, a second click closes it (as react-bootstrap's Accordion did, without its transition code).
 */
export function FaqAccordionView({ items }: { items: FaqItem[] }) {
  const [open, setOpen] = useState<string | null>(items[0]?.id ?? null);
  // A link to one question (a search result: /faqs#faq-<id>) opens it.
  useEffect(() => {
    const id = /^#faq-(.+)$/.exec(window.location.hash)?.[1];
    if (id && items.some((f) => f.id === id)) setOpen(id);
  }, [items]);
  return (
    <div className="faq-accordion accordion">
      {items.map((f) => {
        const shown = open === f.id;
        return (
          <div className="accordion-item" key={f.id} id={`faq-${f.id}`}>
            <h2 className="accordion-header">
              <button
                type="button"
                aria-expanded={shown}
                className={`accordion-button${shown ? '' : ' collapsed'}`}
                onClick={() => setOpen(shown ? null : f.id)}
              >
                {f.question}
              </button>
            </h2>
            <div className={`accordion-collapse collapse${shown ? ' show' : ''}`}>
              <div style={{ whiteSpace: 'pre-line' }} className="accordion-body">
                {f.answer}
              </div>
            </div>
          </div>
        );
      })}
    </div>
  );
}

export const FaqAccordion = island('faqs', FaqAccordionView);
