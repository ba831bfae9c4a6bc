import { Fragment } from 'react';
import { Button, Card, Col, Form, Row } from 'react-bootstrap';
import {
  controlText,
  fieldsOf,
  newItem,
  numberBounds,
  parseSetting,
  rawKey,
  SETTINGS_FORM,
  UNREADABLE,
  type SettingsField,
  type SettingsFormState,
  type SettingsNode,
  type SettingsScope,
} from '@content/settings-form';
import { TextField } from './fields';
import { DisclaimerAcceptances } from './disclaimer-acceptances';

const INPUT_TYPE: Partial<Record<NonNullable<SettingsField['kind']>, string>> = {
  email: 'email',
  tel: 'tel',
  url: 'url',
  date: 'date',
  number: 'number',
};
const MULTILINE = new Set(['textarea', 'lines', 'dates']);

const fill = (s: string, scope: SettingsScope, i?: number) =>
  s
    .replace('{key}', String(scope.key ?? ''))
    .replace('{n}', String(scope.n ?? (i === undefined ? '' : i + 1)))
    .replace('{i}', String(i ?? ''));

interface Props {
  state: SettingsFormState;
  onChange(update: (s: SettingsFormState) => SettingsFormState): void;
  /** Shows only the settings (by path in the document) this returns true for; the others are kept as they are. */
  only?: (path: string) => boolean;
}

/** The document paths a card's controls edit (a list by its own path). */
function pathsOf(nodes: SettingsNode[]): string[] {
  return nodes.flatMap((n) => ('slot' in n ? [] : 'list' in n ? [n.list] : 'fieldset' in n ? pathsOf(n.body) : fieldsOf(n).map((f) => f.field)));
}

/** One declared control (or one slot of a slots field). */
function SettingControl({ state, onChange, scope, f, i, compact }: Props & { scope: SettingsScope; f: SettingsField; i?: number; compact?: boolean }) {
  const id = `set-${fill(f.id, scope, i)}`;
  const label = fill(f.label, scope, i);
  const text = controlText(state, scope, f, i);
  const set = (t: string) => onChange((s) => ({ ...s, text: { ...s.text, [rawKey(scope, f, i)]: t } }));
  if (f.kind === 'switch')
    return (
      <Form.Group className="mb-3" controlId={id}>
        <Form.Check type="switch" label={label} checked={text === '1'} onChange={(e) => set(e.target.checked ? '1' : '')} aria-describedby={`${id}-help`} />
        <Form.Text id={`${id}-help`} className="text-body-secondary">
          {f.help}
        </Form.Text>
      </Form.Group>
    );
  const path = scope.prefix ? `${scope.prefix.split('.')[0]}.${f.field}` : f.field;
  return (
    <TextField
      id={id}
      label={label}
      value={text}
      onChange={set}
      className={compact ? 'mb-2' : 'mb-3'}
      type={INPUT_TYPE[f.kind ?? 'text']}
      rows={MULTILINE.has(f.kind ?? 'text') ? (f.rows ?? 4) : undefined}
      placeholder={f.placeholder}
      help={f.help}
      invalid={f.invalid && parseSetting(f, text) === UNREADABLE ? f.invalid : null}
      {...(f.kind === 'number' ? numberBounds(path) : {})}
    />
  );
}

function FieldControls(props: Props & { scope: SettingsScope; f: SettingsField; compact?: boolean; inRow?: boolean }) {
  const { f, inRow } = props;
  const one = (i?: number) => <SettingControl {...props} i={i} />;
  const slots = f.slots ? Array.from({ length: f.slots }, (_, i) => i) : [undefined];
  return (
    <>
      {slots.map((i) =>
        inRow ? (
          <Col md={f.col} key={i ?? 'one'}>
            {one(i)}
          </Col>
        ) : (
          <Fragment key={i ?? 'one'}>{one(i)}</Fragment>
        ),
      )}
    </>
  );
}

function Nodes(props: Props & { nodes: SettingsNode[]; scope: SettingsScope; compact?: boolean }) {
  const { nodes, scope, state, onChange, only } = props;
  // Only the document's own level is filtered: a list item's fields go with their list.
  const shown = (path: string) => !only || scope.prefix !== '' || only(path);
  return (
    <>
      {nodes.map((n, k) => {
        if (!('slot' in n) && !pathsOf([n]).some(shown)) return null;
        if ('slot' in n) return <DisclaimerAcceptances key={k} />;
        if ('row' in n)
          return (
            <Row key={k}>
              {n.row
                .filter((f) => shown(f.field))
                .map((f) => (
                  <FieldControls key={f.id} {...props} f={f} inRow />
                ))}
            </Row>
          );
        if ('fieldset' in n)
          return (
            <fieldset key={k} className={n.framed ? 'border rounded p-3 mb-3' : 'mb-3'}>
              <legend className={n.framed ? 'h6 float-none w-auto px-2 mb-0' : 'h6'}>{n.fieldset}</legend>
              {n.intro ? <p className="small text-body-secondary">{n.intro}</p> : null}
              <Nodes {...props} nodes={n.body} />
            </fieldset>
          );
        if ('list' in n) {
          const items = state.lists[n.list] ?? [];
          const setItems = (update: (items: SettingsFormState['lists'][string]) => SettingsFormState['lists'][string]) =>
            onChange((s) => ({ ...s, lists: { ...s.lists, [n.list]: update(s.lists[n.list] ?? []) } }));
          return (
            <Fragment key={k}>
              {items.map((item, i) => {
                const itemScope: SettingsScope = { prefix: `${scope.prefix}${n.list}.${item.key}.`, object: item.base ?? {}, key: item.key, n: i + 1 };
                return (
                  <fieldset className="border rounded p-3 mb-3" key={item.key}>
                    <legend className="h6 float-none w-auto px-2 mb-0">{fill(n.legend, itemScope)}</legend>
                    <Nodes {...props} nodes={n.body} scope={itemScope} />
                    <Button variant="outline-danger" size="sm" onClick={() => setItems((list) => list.filter((x) => x.key !== item.key))}>
                      {fill(n.remove, itemScope)}
                    </Button>
                  </fieldset>
                );
              })}
              <Button variant="outline-dark" size="sm" onClick={() => setItems((list) => [...list, newItem()])}>
                {n.add}
              </Button>
            </Fragment>
          );
        }
        return fieldsOf(n).map((f) => <FieldControls key={f.id} {...props} f={f} />);
      })}
    </>
  );
}

/** Every card of the site settings, rendered from the declaration (content/settings-form.ts). */
export function SettingsCards({ state, onChange, only }: Props) {
  const root: SettingsScope = { prefix: '', object: state.base };
  return (
    <>
      {SETTINGS_FORM.filter((card) => !only || pathsOf(card.body).some(only)).map((card) => (
        <Card className="mb-3" key={card.title}>
          <Card.Body>
            <h2 className="h5">{card.title}</h2>
            {card.intro ? <p className="text-muted small">{card.intro}</p> : null}
            <Nodes state={state} onChange={onChange} only={only} nodes={card.body} scope={root} compact={card.compact} />
          </Card.Body>
        </Card>
      ))}
    </>
  );
}
