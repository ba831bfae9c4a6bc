/**
 * The translation editor (decision 0078): one row's translation into one language, field by field beside
 * the English text (its nested list items' fields too, decision 0080), with its state (missing, draft,
 * published, outdated and what changed in English), Save draft, Publish, Mark as up to date, Preview, "Draft
 * with the model" when a model is configured (a machine draft must be reviewed before it is published), and
 * the Rule 36 findings of the translated text with the override reason, as the English form has them. Its
 * state and parts (useTranslationWork, TranslationFields, TranslationActions) also make the settings'
 * translations (settings-translations.tsx).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Badge, Button, Col, Form, Row as GridRow } from 'react-bootstrap';
import type { TranslationView } from '@content/admin-views';
import type { FieldDef, ResourceDef } from '@content/kit';
import { checkRecordRule36, rule36FieldText, type Rule36Finding } from '@content/rules/rule36';
import { api } from '~/lib/api';
import { Dialog } from './ConfirmModal';
import { openSignedPreview } from './signed-preview';
import { FieldControl, FormError } from './fields';
import { notify } from './notify';
import { Rule36Findings } from './rule36-panel';

export type TranslationState = TranslationView['state'];

/** A language's English name ('ml' → 'Malayalam'): the admin is in English. */
export function languageName(locale: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(locale) ?? locale.toUpperCase();
  } catch {
    return locale.toUpperCase();
  }
}

/** How each state reads in the admin's badges and filter. */
export const STATE_TEXT: Record<TranslationState, string> = {
  missing: 'missing',
  draft: 'draft',
  published: 'published',
  outdated: 'outdated',
};

/** A state's badge colours (contrast checked by axe in the admin's browser tests). */
export function stateBadge(state: TranslationState): { bg: string; text?: 'dark' } {
  switch (state) {
    case 'published':
      return { bg: 'success' };
    case 'draft':
      return { bg: 'warning', text: 'dark' };
    case 'outdated':
      return { bg: 'danger' };
    default:
      return { bg: 'secondary' };
  }
}

/** The group's translatable fields, in declaration order. */
export function translatableFields(def: ResourceDef): string[] {
  return Object.entries(def.fields)
    .filter(([, f]) => f.translatable)
    .map(([name]) => name);
}

/** Whether a group has text to translate: its own fields, or its nested lists' items' (decision 0080). */
export function hasTranslatableText(def: ResourceDef): boolean {
  return (
    translatableFields(def).length > 0 ||
    Object.values(def.lists ?? {}).some((l) => Object.values(l.fields).some((f) => f.translatable))
  );
}

/**
 * One text of a translation as the editor shows it: its key in the API ('event_title', 'speakers.0.designation',
 * 'hours.days'), its label, and the declaration its control is drawn from.
 */
export interface TranslationText {
  key: string;
  label: string;
  field: FieldDef;
}

/**
 * A row's texts: its translatable fields, then each nested list item's translatable fields by position, as the
 * English source lists them (decision 0080), labelled by the list's item label and position ('Speaker 1 —
 * Designation').
 */
export function rowTexts(def: ResourceDef, source: Readonly<Record<string, string>>): TranslationText[] {
  const top = translatableFields(def).map((key) => ({ key, label: def.fields[key]!.label, field: def.fields[key]! }));
  const items = Object.keys(source).flatMap((key): TranslationText[] => {
    const m = /^([^.]+)\.(\d+)\.([^.]+)$/.exec(key);
    const list = m ? def.lists?.[m[1]!] : undefined;
    const field = list?.fields[m![3]!];
    if (!list || !field?.translatable) return [];
    return [{ key, label: `${list.admin.item} ${Number(m![2]) + 1} — ${field.label}`, field }];
  });
  return [...top, ...items];
}

/** A text as it reads (rich text without its tags), for the comparison of English versions. */
function plain(text: TranslationText, value: string): string {
  return text.field.type === 'html'
    ? value
        .replace(/<[^>]*>/g, ' ')
        .replace(/&nbsp;/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
    : value;
}

/**
 * What the state means for the visitor of the pages in that language, and what to do. `where` names them as
 * the subject of a sentence ('The Malayalam page', or 'The Hindi pages' with `plural`); `notice`: they say the
 * text is not translated while it is not.
 */
function stateHelp(view: TranslationView, where: { text: string; plural: boolean; notice: boolean }): string {
  const [shows, still] = where.plural ? ['show', 'still show'] : ['shows', 'still shows'];
  const they = where.text.charAt(0).toLowerCase() + where.text.slice(1);
  switch (view.state) {
    case 'missing':
      return `Not translated yet. ${where.text} ${shows} the English text${where.notice ? ' with a short notice that it is not translated' : ''}.`;
    case 'draft':
      return `A draft: not on the site yet. ${where.text} ${shows} the English text until you publish.`;
    case 'outdated':
      return `Outdated: the English text changed after this translation was published. ${where.text} ${still} it. Update the translation and publish, or mark it as up to date if it still says the same.`;
    default:
      return view.draft
        ? `Published. Your saved draft below is not on the site yet: ${they} ${shows} the published translation until you publish the draft.`
        : `Published: ${they} ${shows} this translation.`;
  }
}

/** The English text of one field: rich text as it reads on the page, plain text as typed. */
function EnglishText({ html, value, id, label }: { html: boolean; value: string; id: string; label: string }) {
  if (!value) return <p className="text-body-secondary fst-italic mb-0">(empty in English)</p>;
  // Stored rich text is sanitised on save (server/lib/sanitize.ts), as the tables show it; plain text keeps its lines.
  const content = html
    ? { dangerouslySetInnerHTML: { __html: value } }
    : { style: { whiteSpace: 'pre-wrap' as const }, children: value };
  return (
    <div
      id={id}
      tabIndex={0}
      role="group"
      aria-label={label}
      className="translation-source border rounded p-2 bg-body-tertiary"
      {...content}
    />
  );
}

/** What a translation's editing needs to know of its subject (a content row, or the settings' texts). */
export interface TranslationSubject {
  /** The API path of the translation ('/api/content/faqs/3/translations/ml'); '' while there is none. */
  path: string;
  locale: string;
  /** The texts of a loaded translation, in the order they are shown. */
  texts(view: TranslationView): TranslationText[];
  /** The Rule 36 findings of the translated texts, as they are typed (decisions 0019 and 0077). */
  check(values: Readonly<Record<string, string>>): Rule36Finding[];
  /** The text a finding's start and end count in, and the label of its field. */
  findingText(f: Rule36Finding, values: Readonly<Record<string, string>>): string;
  findingLabel(field: string): string;
  /**
   * Changes when the English source changed elsewhere (the settings saved in English): the translation is
   * read again, and what was typed and not yet saved stays in the fields.
   */
  sourceVersion?: number;
  /** Runs after anything was saved (a table reloads its states). */
  onChanged?(view: TranslationView): void;
  /** Runs when the translation could not be loaded (after the server's message was shown). */
  onLoadFailed?(): void;
}

/**
 * The state and actions of one translation being edited (decision 0078): loading, the values typed, save as a
 * draft or publish (with the override reason of Rule 36 findings), mark as up to date, the model's draft; each
 * action busy while it runs, the server's message shown on an error. Shared by the rows' editor and the
 * settings' translations.
 */
export function useTranslationWork(subject: TranslationSubject) {
  const { path, locale } = subject;
  const language = languageName(locale);
  const [view, setView] = useState<TranslationView | null>(null);
  const [model, setModel] = useState(false);
  const [values, setValues] = useState<Record<string, string>>({});
  const [version, setVersion] = useState(0);
  const [dirty, setDirty] = useState(false);
  const [reviewed, setReviewed] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  // The findings the server answered a refused publish with (409), shown until the text changes.
  const [answered, setAnswered] = useState<Rule36Finding[] | null>(null);
  // The caller passes new functions each render: the latest are kept here, so loading runs once per path.
  const latest = useRef(subject);
  useEffect(() => {
    latest.current = subject;
  });

  /** Shows a translation as the server answered it: its draft (or live text) in the fields. */
  const show = useCallback((v: TranslationView) => {
    setView(v);
    const texts = latest.current.texts(v);
    setValues(Object.fromEntries(texts.map((t) => [t.key, (v.draft ?? v.fields)[t.key] ?? ''])));
    setVersion((n) => n + 1);
    setDirty(false);
    setReviewed(false);
    setError(null);
    setAnswered(null);
  }, []);

  // What was typed and not saved yet, kept when the same translation is read again (sourceVersion).
  const typed = useRef<Record<string, string> | null>(null);
  useEffect(() => {
    typed.current = dirty ? values : null;
  });
  const loadedPath = useRef<string | null>(null);
  const sourceVersion = subject.sourceVersion ?? 0;

  useEffect(() => {
    const again = loadedPath.current === path;
    loadedPath.current = path;
    if (!again) {
      setView(null);
      setReason('');
    }
    if (!path) return;
    let live = true;
    void api<{ translation?: TranslationView; model?: boolean }>(path).then((res) => {
      if (!live) return;
      if (res.ok && res.body.translation) {
        setModel(!!res.body.model);
        const keep = again ? typed.current : null;
        if (keep) {
          // The English changed under the translation being typed: its source and state are new, the text stays.
          setView(res.body.translation);
          setValues(keep);
        } else show(res.body.translation);
      } else if (res.status !== 401) {
        notify.error(res.body.message || 'The translation could not be loaded.');
        latest.current.onLoadFailed?.();
      }
    });
    return () => {
      live = false;
    };
  }, [path, sourceVersion, show]);

  const { texts: textsOf, check } = subject;
  const texts = useMemo(() => (view ? textsOf(view) : []), [view, textsOf]);
  const checked = useMemo(() => (view ? check(values) : []), [view, check, values]);
  const findings = answered ?? checked;
  const machine = !!view?.machine;
  const changed = useMemo(() => {
    if (!view?.source_then || view.state !== 'outdated') return [];
    const then = view.source_then;
    return texts.filter((t) => plain(t, then[t.key] ?? '') !== plain(t, view.source[t.key] ?? '')).map((t) => t.key);
  }, [view, texts]);

  const setValue = (key: string, value: string) => {
    setDirty(true);
    setAnswered(null);
    setValues((old) => ({ ...old, [key]: value }));
  };

  const fail = (message: string) => {
    setError(message);
    notify.error(message);
  };

  /**
   * One call of the editor's actions (save, confirm, model draft): busy while it runs, the answer's
   * translation shown and the caller told, the server's message (else `failed`) and its Rule 36 findings on
   * an error. True when done.
   */
  const run = async (
    kind: string,
    method: 'PUT' | 'POST',
    url: string,
    json: object,
    failed: string,
    done: string,
  ): Promise<boolean> => {
    setBusy(kind);
    setError(null);
    try {
      const res = await api<{ translation?: TranslationView; findings?: Rule36Finding[] }>(url, { method, json });
      if (res.status === 401) return false;
      if (!res.ok || !res.body.translation) {
        if (res.status === 409 && Array.isArray(res.body.findings) && res.body.findings.length)
          setAnswered(res.body.findings);
        fail(res.body.message || failed);
        return false;
      }
      notify.success(done);
      show(res.body.translation);
      latest.current.onChanged?.(res.body.translation);
      return true;
    } catch {
      fail(failed);
      return false;
    } finally {
      setBusy(null);
    }
  };

  const save = async (status: 'draft' | 'published') => {
    if (!view) return;
    if (status === 'published' && machine && !reviewed) {
      return fail(
        'This is a machine draft: read every field, then tick "I have reviewed this translation" before publishing.',
      );
    }
    if (!texts.some((t) => (values[t.key] ?? '').trim() !== ''))
      return fail('Write the translation of at least one field first.');
    const override =
      findings.length && status === 'published' && reason.trim() ? { override_reason: reason.trim() } : {};
    const done = await run(
      status,
      'PUT',
      path,
      { ...values, status, ...(reviewed ? { reviewed: true } : {}), ...override },
      'The translation could not be saved.',
      status === 'published'
        ? `${language} translation published`
        : `${language} draft saved. It is not on the site until you publish it.`,
    );
    if (done) setReason('');
  };

  const confirm = () =>
    void run(
      'confirm',
      'POST',
      `${path}/confirm`,
      {},
      'The translation could not be marked as up to date.',
      `${language} translation marked as up to date`,
    );

  const draftWithModel = () => {
    const hasText = texts.some((t) => (values[t.key] ?? '').trim() !== '');
    const replace = `The model's draft replaces the ${language} text of every field (the earlier text stays in the history). Go on?`;
    if (hasText && !window.confirm(replace)) return;
    void run(
      'model',
      'POST',
      `${path}/machine-draft`,
      {},
      'The model could not draft the translation.',
      'Machine draft saved: review every field before publishing',
    );
  };

  return {
    language,
    view,
    model,
    values,
    setValue,
    version,
    dirty,
    reviewed,
    setReviewed,
    reason,
    setReason,
    error,
    busy,
    texts,
    findings,
    machine,
    changed,
    save,
    confirm,
    draftWithModel,
  };
}

export type TranslationWork = ReturnType<typeof useTranslationWork>;

/** "Preview": a signed link to the page with the saved draft translation (once there is one, nothing unsaved). */
export function PreviewButton({ work, path }: { work: TranslationWork; path: string }) {
  const { view, busy, dirty } = work;
  if (!view || view.state === 'missing') return null;
  return (
    <Button
      variant="outline-secondary"
      disabled={!!busy || dirty}
      title={dirty ? 'Save a draft first' : undefined}
      onClick={() => void openSignedPreview(`${path}/preview`)}
    >
      Preview
    </Button>
  );
}

/** "Draft with the model", shown only with a language model configured (decision 0078). */
export function ModelDraftButton({ work }: { work: TranslationWork }) {
  if (!work.model) return null;
  return (
    <Button
      size="sm"
      variant="outline-primary"
      className="ms-auto"
      disabled={!!work.busy}
      onClick={work.draftWithModel}
    >
      {work.busy === 'model' ? 'Drafting with the model...' : 'Draft with the model'}
    </Button>
  );
}

/** The buttons of a translation: Save draft, Publish, Mark as up to date (outdated), and the caller's own. */
export function TranslationActions({ work, children }: { work: TranslationWork; children?: React.ReactNode }) {
  const { view, busy, machine, reviewed, dirty } = work;
  if (!view) return null;
  return (
    <div className="d-flex flex-wrap gap-2 w-100">
      <Button variant="outline-dark" disabled={!!busy} onClick={() => void work.save('draft')}>
        {busy === 'draft' ? 'Saving...' : 'Save draft'}
      </Button>
      <Button variant="success" disabled={!!busy || (machine && !reviewed)} onClick={() => void work.save('published')}>
        {busy === 'published' ? 'Publishing...' : 'Publish'}
      </Button>
      {view.state === 'outdated' ? (
        <Button
          variant="outline-success"
          disabled={!!busy || dirty}
          title={dirty ? 'Save or publish your changes first' : undefined}
          onClick={work.confirm}
        >
          Mark as up to date
        </Button>
      ) : null}
      {children}
    </div>
  );
}

/**
 * A translation's state and texts: the state with what it means for the visitor (`where` names the pages, see
 * stateHelp), what changed in English for an outdated one, the machine draft's review, each text
 * beside its English, the Rule 36 findings with the override reason, and the error. `idPrefix` keeps the ids
 * of two translations on one screen apart; `tools` sit beside the state (the model's draft).
 */
export function TranslationFields({
  work,
  subject,
  idPrefix,
  where,
  tools,
}: {
  work: TranslationWork;
  subject: TranslationSubject;
  idPrefix: string;
  where: { text: string; plural: boolean; notice: boolean };
  tools?: React.ReactNode;
}) {
  const { view, language, texts, changed, values } = work;
  if (!view) return <p>Loading...</p>;
  const badge = stateBadge(view.state);
  const idOf = (key: string) => `${idPrefix}-${key.replace(/[^A-Za-z0-9_-]/g, '-')}`;
  const labelOf = (key: string) => texts.find((t) => t.key === key)?.label ?? key;
  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <span className="fw-semibold">State:</span>
        <Badge bg={badge.bg} text={badge.text} data-testid="translation-state">
          {STATE_TEXT[view.state]}
        </Badge>
        {view.updated_at ? (
          <span className="small text-body-secondary">
            Last saved {new Date(view.updated_at).toLocaleString('en-GB', { dateStyle: 'short', timeStyle: 'short' })}
            {view.updated_by ? ` by ${view.updated_by}` : ''}
          </span>
        ) : null}
        {tools}
      </div>
      <p className="small">{stateHelp(view, where)}</p>
      {view.state === 'outdated' && changed.length ? (
        <p className="small mb-2">
          Changed in English since: <strong>{changed.map(labelOf).join(', ')}</strong> (the earlier English is shown
          under each changed field).
        </p>
      ) : null}
      {work.machine ? (
        <Alert variant="warning" className="py-2">
          <p className="fw-semibold mb-1">Machine draft — review every field before publishing</p>
          <p className="small mb-2">
            A language model wrote this text. Read each field against the English, correct it, and make sure it says
            nothing the English does not. It cannot be published until you confirm you have.
          </p>
          <Form.Check
            id={`${idPrefix}-reviewed`}
            type="checkbox"
            label="I have reviewed this translation"
            checked={work.reviewed}
            onChange={(e) => work.setReviewed(e.target.checked)}
          />
        </Alert>
      ) : null}
      <Form
        noValidate
        aria-label={`${language} translation`}
        onSubmit={(e) => {
          e.preventDefault();
          void work.save('draft');
        }}
      >
        {texts.map((t) => {
          const then = view.source_then?.[t.key];
          const html = t.field.type === 'html';
          return (
            <GridRow key={t.key} className="g-3 mb-3 border-bottom pb-2">
              <Col md={6}>
                <p className="form-label mb-2">
                  {t.label} <span className="text-body-secondary">(English)</span>
                </p>
                <EnglishText
                  html={html}
                  value={view.source[t.key] ?? ''}
                  id={`${idOf(t.key)}-source`}
                  label={`${t.label} in English`}
                />
                {changed.includes(t.key) && then !== undefined ? (
                  <details className="mt-2 small">
                    <summary>English when it was translated</summary>
                    <EnglishText
                      html={html}
                      value={then}
                      id={`${idOf(t.key)}-source-then`}
                      label={`${t.label} in English when it was translated`}
                    />
                  </details>
                ) : null}
              </Col>
              <Col md={6}>
                <FieldControl
                  id={idOf(t.key)}
                  field={{ ...t.field, label: `${t.label} (${language})`, help: undefined }}
                  value={values[t.key] ?? ''}
                  editorKey={`${work.version}`}
                  onChange={(v) => work.setValue(t.key, v)}
                />
              </Col>
            </GridRow>
          );
        })}
        <Rule36Findings
          idPrefix={`${idPrefix}-rule36`}
          findings={work.findings}
          text={(fd) => subject.findingText(fd, values)}
          label={(field) => texts.find((t) => t.key === field)?.label ?? subject.findingLabel(field)}
          reason={work.reason}
          onReason={work.setReason}
        />
        <FormError message={work.error} />
      </Form>
    </>
  );
}

/**
 * The editor of one row's translation into `locale`, in a dialog: its own fields and its nested list items'
 * (decision 0080). `title` names the row; `onChanged` runs after anything was saved (the table reloads its
 * states).
 */
export function TranslationEditor({
  def,
  target,
  onClose,
  onChanged,
}: {
  def: ResourceDef;
  target: { id: number; locale: string; title: string } | null;
  onClose(): void;
  onChanged(): void;
}) {
  const locale = target?.locale ?? '';
  const path = target ? `/api/content/${def.key}/${target.id}/translations/${target.locale}` : '';
  const subject = useMemo(
    (): TranslationSubject => ({
      path,
      locale,
      texts: (view) => rowTexts(def, view.source),
      // Rule 36 (decisions 0019 and 0077): the translated text is checked with its language's rules as it is typed.
      check: (values) => (locale ? checkRecordRule36(def, values, locale) : []),
      findingText: (fd, values) => rule36FieldText(def, fd.field ?? '', values[fd.field ?? ''] ?? ''),
      findingLabel: (name) => def.fields[name]?.label ?? name,
    }),
    [def, path, locale],
  );
  const work = useTranslationWork({ ...subject, onChanged, onLoadFailed: onClose });
  const { view, language, dirty } = work;

  const close = () => {
    if (dirty && !window.confirm('You have unsaved changes to this translation. Close it and lose them?')) return;
    onClose();
  };

  return (
    <Dialog
      show={!!target}
      onHide={close}
      size="xl"
      scrollable
      titleId="translation-editor-title"
      title={target ? `${language} translation: ${target.title}` : ''}
      footer={
        view ? (
          <TranslationActions work={work}>
            <PreviewButton work={work} path={path} />
            <Button variant="secondary" className="ms-auto" onClick={close}>
              Close
            </Button>
          </TranslationActions>
        ) : null
      }
    >
      {!target ? null : (
        <TranslationFields
          work={work}
          subject={subject}
          idPrefix={`translation-${def.key}`}
          where={{ text: `The ${language} page`, plural: false, notice: true }}
          tools={<ModelDraftButton work={work} />}
        />
      )}
    </Dialog>
  );
}
