import { useEffect, useState } from 'react';
import { Card, Col, Row } from 'react-bootstrap';
import { Link } from 'react-router';
import { api } from '~/lib/api';
import type { TranslationWork, WorkItem } from '../../../content/admin-views';
import { showTime } from './lifecycle';
import { useMayUse } from './role';
import { languageName } from './translation-editor';

interface Work {
  drafts: WorkItem[];
  scheduled: WorkItem[];
  goingOff: WorkItem[];
  missingAlt: WorkItem[];
  translations: TranslationWork[];
  newConsultations: number;
  failedMail: number;
}

function Items({ items, empty, detail }: { items: WorkItem[]; empty: string; detail(i: WorkItem): string }) {
  if (!items.length) return <p className="text-body-secondary small mb-0">{empty}</p>;
  return (
    <ul className="list-unstyled mb-0 small">
      {items.slice(0, 8).map((i) => (
        <li key={`${i.group}-${i.id}`} className="mb-1">
          <Link to={i.adminPath}>{i.title}</Link>{' '}
          <span className="text-body-secondary">
            · {i.groupTitle} · {detail(i)}
          </span>
        </li>
      ))}
      {items.length > 8 ? <li className="text-body-secondary">and {items.length - 8} more</li> : null}
    </ul>
  );
}

/** The table of a group filtered to one translation state (decision 0078), rows on the site in English. */
const filtered = (w: TranslationWork, state: 'missing' | 'outdated') =>
  w.href ?? `${w.adminPath}?status=published&translation=${w.locale}:${state}`;

/**
 * Missing and outdated translations per language (decision 0078): the totals, then each group with work,
 * each count linking to that group's table filtered to it.
 */
function Translations({ work }: { work: TranslationWork[] }) {
  const locales = [...new Set(work.map((w) => w.locale))];
  if (!locales.length)
    return <p className="text-body-secondary small mb-0">Everything on the site is translated and up to date.</p>;
  return (
    <>
      {locales.map((l) => {
        const rows = work.filter((w) => w.locale === l);
        const missing = rows.reduce((n, w) => n + w.missing, 0);
        const outdated = rows.reduce((n, w) => n + w.outdated, 0);
        const language = languageName(l);
        return (
          <div key={l} className="mb-2">
            <h4 className="h6 mb-1 small fw-semibold">
              {language}: {missing} missing, {outdated} outdated
            </h4>
            <ul className="list-unstyled mb-0 small">
              {rows.map((w) => (
                <li key={w.group}>
                  {w.groupTitle}: {w.missing ? <Link to={filtered(w, 'missing')}>{w.missing} missing</Link> : null}
                  {w.missing && w.outdated ? ' · ' : null}
                  {w.outdated ? <Link to={filtered(w, 'outdated')}>{w.outdated} outdated</Link> : null}
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </>
  );
}

/** One card of the work list. */
function WorkCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Col>
      <Card className="h-100">
        <Card.Body>
          <h3 className="h6">{title}</h3>
          {children}
        </Card.Body>
      </Card>
    </Col>
  );
}

/** The dashboard's work list (decision 0015): what is waiting for the administrator, each linking to its place. */
export function WorkList() {
  const [work, setWork] = useState<Work | null>(null);
  // Each role sees the parts it acts on (decision 0040): content for admin and editor, intake for admin and intake.
  const content = useMayUse('content');
  const intake = useMayUse('intake');
  useEffect(() => {
    let live = true;
    void api<Partial<Work>>('/api/content-worklist').then((res) => {
      if (live && res.ok) {
        setWork({
          drafts: res.body.drafts ?? [],
          scheduled: res.body.scheduled ?? [],
          goingOff: res.body.goingOff ?? [],
          missingAlt: res.body.missingAlt ?? [],
          translations: res.body.translations ?? [],
          newConsultations: Number(res.body.newConsultations ?? 0),
          failedMail: Number(res.body.failedMail ?? 0),
        });
      }
    });
    return () => {
      live = false;
    };
  }, []);
  if (!work) return null;
  return (
    <section aria-labelledby="worklist-title" className="mb-4">
      <h2 id="worklist-title" className="h5">
        Work list
      </h2>
      <Row xs={1} md={2} xl={3} className="g-3">
        {intake ? (
          <WorkCard title="Waiting for you">
            <ul className="list-unstyled mb-0 small">
              <li>
                <Link to="/admin-side-bar/consultations">
                  {work.newConsultations} new consultation {work.newConsultations === 1 ? 'request' : 'requests'}
                </Link>
              </li>
              <li>
                <Link to="/admin-side-bar/mail">
                  {work.failedMail} {work.failedMail === 1 ? 'message' : 'messages'} that could not be sent
                </Link>
              </li>
            </ul>
          </WorkCard>
        ) : null}
        {content ? (
          <>
            <WorkCard title={`Drafts (${work.drafts.length})`}>
              <Items
                items={work.drafts}
                empty="No drafts."
                detail={(i) => (i.pending ? 'unpublished changes' : 'draft')}
              />
            </WorkCard>
            <WorkCard title={`Scheduled (${work.scheduled.length})`}>
              <Items
                items={work.scheduled}
                empty="Nothing scheduled."
                detail={(i) => `goes live ${showTime(i.publish_at)}`}
              />
              <h3 className="h6 mt-3">Going off the site in the next 7 days ({work.goingOff.length})</h3>
              <Items
                items={work.goingOff}
                empty="Nothing goes off the site this week."
                detail={(i) => showTime(i.unpublish_at)}
              />
            </WorkCard>
            <WorkCard title={`Images without alt text (${work.missingAlt.length})`}>
              <Items
                items={work.missingAlt}
                empty="Every image has its own alt text."
                detail={() => 'alt text taken from the title; describe the image'}
              />
            </WorkCard>
            <WorkCard
              title={`Translations to do (${work.translations.reduce((n, w) => n + w.missing + w.outdated, 0)})`}
            >
              <Translations work={work.translations} />
            </WorkCard>
          </>
        ) : null}
      </Row>
    </section>
  );
}
