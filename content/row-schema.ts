/**
 * A content group's row as its calls answer it, as a zod schema compiled from its declaration: the
 * declared fields typed as their input schemas give them (content/input.ts `valueSchema`), blank as null,
 * with its files, joined columns, nested lists, alt text, image sizes and, in the admin's answers, its
 * lifecycle columns. The API reference shows it once by name (`components`) and answers are checked
 * against it in the tests (decision 0094). Nothing here names a group.
 */
import { ALT_FLAG, altColumn, altFileFields } from './alt';
import { listItemValue, valueSchema } from './input';
import type { ListDef, ResourceDef, Row } from './kit';
import { groupOf } from './resources/index';
import { components, z } from './zod';

/** The component name of a group's row: 'Faqs', 'CaseDetails'. */
export const rowName = (r: ResourceDef): string => `${r.key[0]!.toUpperCase()}${r.key.slice(1)}`;
/** The component name of an item of a nested list: 'Speaker'. */
export const itemName = (l: ListDef): string => l.admin.item.replace(/[^A-Za-z0-9]/g, '');

const items = new WeakMap<ListDef, z.ZodType>();
/** An item of a nested list as returned (and sent inside its JSON string). */
export function itemSchema(l: ListDef): z.ZodType {
  let s = items.get(l);
  if (!s) {
    s = listItemValue(l);
    components.add(s, { name: itemName(l) });
    items.set(l, s);
  }
  return s;
}

const text = (description: string) => z.string().nullable().meta({ description });
const optionalText = (description: string) => z.string().nullable().optional().meta({ description });

/** The columns decision 0011's lifecycle adds, in the admin's answers (add, update) only. */
const lifecycle = {
  status: z.enum(['published', 'draft']).optional().meta({ description: 'published or draft (admin answers only)' }),
  pending_draft: z
    .record(z.string(), z.unknown())
    .nullable()
    .optional()
    .meta({ description: 'The pending draft of a published row (admin answers only)' }),
  deleted_at: optionalText('When the row went to the trash (admin answers only)'),
  publish_at: optionalText('When the row is scheduled to be published (admin answers only)'),
  unpublish_at: optionalText('When the row is scheduled to be taken off the site (admin answers only)'),
  position: z
    .number()
    .int()
    .nullable()
    .optional()
    .meta({ description: 'Its place in the order the firm set (admin answers only)' }),
};

const imageMeta = z
  .record(z.string(), z.strictObject({ width: z.number(), height: z.number(), widths: z.array(z.number()) }))
  .optional()
  .meta({ description: 'Stored path of each image → its width, height and variant widths (decision 0005)' });

const rows = new WeakMap<ResourceDef, z.ZodType<Row, Row>>();
/** A row of the group as its calls return it. */
export function rowSchema(r: ResourceDef): z.ZodType<Row, Row> {
  const known = rows.get(r);
  if (known) return known;
  const shape: Record<string, z.ZodType> = {
    [r.id]: z
      .number()
      .int()
      .min(1)
      .meta({ description: `Id of the ${r.label.toLowerCase()}` }),
  };
  if (r.idAlias)
    shape[r.idAlias] = z
      .number()
      .int()
      .min(1)
      .meta({ description: `The same as ${r.id} (the public client reads \`${r.idAlias}\`)` });
  for (const [name, def] of Object.entries(r.fields)) {
    const target = def.type === 'ref' ? groupOf(def.ref!) : null;
    const description = target ? `${def.label}: a \`${target.id}\` of ${target.admin.title}` : def.label;
    shape[name] = valueSchema(def).nullable().meta({ description });
  }
  for (const [name, def] of Object.entries(r.files))
    shape[name] = text(`${def.label}: stored path under uploads/, served at /<path>`);
  for (const j of r.joins ?? [])
    for (const c of j.columns) shape[c] = text(`From ${groupOf(j.ref).admin.title} (read-only)`);
  for (const [name, l] of Object.entries(r.lists ?? {})) shape[name] = z.array(itemSchema(l));
  const alt = altFileFields(r);
  for (const name of alt)
    shape[altColumn(name)] = optionalText(`Alt text of the ${r.files[name]!.label.toLowerCase()}`);
  if (alt.length)
    shape[ALT_FLAG] = z
      .number()
      .int()
      .min(0)
      .max(1)
      .optional()
      .meta({ description: "1 when the alt text is the title's default, for review" });
  shape.created_at = z.string().meta({ description: 'When the row was added (ISO 8601)', format: 'date-time' });
  shape.updated_at = z.string().meta({ description: 'When the row last changed (ISO 8601)', format: 'date-time' });
  if (Object.keys(r.files).length || Object.values(r.lists ?? {}).some((l) => l.image)) shape.image_meta = imageMeta;
  Object.assign(shape, lifecycle);
  const s = z.strictObject(shape) as z.ZodType<Row, Row>;
  components.add(s, { name: rowName(r) });
  rows.set(r, s);
  return s;
}
