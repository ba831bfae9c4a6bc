import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, SiteSettingsSchema, type SiteSettings } from './settings';
import { fieldsOf, newItem, numberBounds, SETTINGS_FORM, settingsDocument, settingsFormState, type SettingsNode } from './settings-form';

/** Every declared path, list items' fields as '<list>.<field>'. */
function declared(nodes: SettingsNode[], prefix = ''): string[] {
  return nodes.flatMap((n) => {
    if ('fieldset' in n) return declared(n.body, prefix);
    if ('list' in n) return declared(n.body, `${prefix}${n.list}.`);
    return fieldsOf(n).map((f) => `${prefix}${f.field}`);
  });
}

/** Every leaf of a settings document: a list of objects counts by its items' keys, other lists are leaves. */
function leaves(v: unknown, prefix = ''): string[] {
  if (Array.isArray(v)) {
    const objects = v.filter((x) => typeof x === 'object' && x !== null);
    return objects.length ? [...new Set(objects.flatMap((x) => leaves(x, prefix)))] : [prefix.slice(0, -1)];
  }
  if (typeof v === 'object' && v !== null) return Object.entries(v).flatMap(([k, x]) => leaves(x, `${prefix}${k}.`));
  return [prefix.slice(0, -1)];
}

describe('the site-settings form declaration', () => {
  const paths = SETTINGS_FORM.flatMap((c) => declared(c.body));

  it('has a control for every part of the settings document, and none for a part that does not exist', () => {
    const doc = leaves(DEFAULT_SETTINGS).map((p) => p.replace(/^booking\.weeklyHours\.(\w+)\..*$/, 'booking.weeklyHours.$1'));
    expect([...new Set(doc)].sort()).toEqual([...new Set(paths)].sort());
  });

  it('sends the loaded document back unchanged when nothing is typed', () => {
    expect(settingsDocument(settingsFormState(DEFAULT_SETTINGS))).toEqual(DEFAULT_SETTINGS);
  });

  it('reads typed text by kind: lines, fixed slots, optional numbers, hours, a switch; added and removed items', () => {
    const state = settingsFormState(DEFAULT_SETTINGS);
    const [first, second] = state.lists.legalTeam!;
    const added = newItem();
    const office = newItem();
    const doc = settingsDocument({
      ...state,
      lists: { ...state.lists, legalTeam: [first!, added], offices: [...state.lists.offices!, office] },
      text: {
        foundedYear: '1995',
        'phones.0': ' ',
        'phones.2': '+91 1',
        'rule36.strict': '1',
        'booking.weeklyHours.sun': '10:00-12:00',
        'booking.weeklyHours.mon': 'not hours',
        [`legalTeam.${first!.key}.practiceAreas`]: ' Tax \n\n Wills ',
        [`legalTeam.${first!.key}.since`]: '',
        [`legalTeam.${added.key}.name`]: 'Adv. New',
        [`offices.${office.key}.city`]: 'Mumbai',
      },
    });
    expect(doc.foundedYear).toBe(1995);
    expect(doc.phones).toEqual([DEFAULT_SETTINGS.phones[1], '+91 1']);
    expect(doc.rule36.strict).toBe(true);
    expect(doc.booking.weeklyHours.sun).toEqual([{ from: '10:00', to: '12:00' }]);
    expect(doc.booking.weeklyHours.mon).toEqual(DEFAULT_SETTINGS.booking.weeklyHours.mon);
    expect(doc.legalTeam).toHaveLength(2);
    expect(doc.legalTeam[0]!.practiceAreas).toEqual(['Tax', 'Wills']);
    expect('since' in doc.legalTeam[0]!).toBe(false);
    expect(doc.legalTeam[1]).toMatchObject({ name: 'Adv. New', role: '', practiceAreas: [], qualifications: [], enrolmentDate: '' });
    expect(doc.legalTeam.map((p) => p.name)).not.toContain(second!.base!.name);
    expect(doc.offices.at(-1)).toEqual({ city: 'Mumbai', address: '', phone: '' });
    // Added items have every field the schema asks for: only the ones left empty are refused.
    const checked = SiteSettingsSchema.safeParse(doc satisfies SiteSettings);
    expect(checked.success ? [] : checked.error.issues.map((i) => i.path.join('.'))).toEqual(['offices.4.address', 'legalTeam.1.role', 'legalTeam.1.bio']);
  });

  it("takes number bounds from the schema, list items' fields included", () => {
    expect(numberBounds('booking.slotMinutes')).toEqual({ min: 5, max: 480 });
    expect(numberBounds('legalTeam.since')).toEqual({ min: 1900, max: 2100 });
    expect(numberBounds('firmName')).toEqual({});
  });
});
