import type { ListDef, ResourceDef, Values } from '../../content/kit';
import { listItemSchema } from '../../content/input';
import { resources } from '../../content/resources/index';
import { removeWithVariants } from '../files/variants';
import { AppError } from '../lib/errors';
import { groupTables } from './group-tables';
import type { Extension, ExtensionPlan, Row } from './types';

/**
 * A nested list of a group (kit `lists`: event speakers), from its declaration. The items arrive as a JSON
 * string in the field of the list's name; an item's image travels in the same multipart request as the
 * file field `<fileField>_<i>`, where i is the item's index in that JSON list. An item whose image column
 * names the image it already has keeps it. Items that are entirely empty are dropped. Without the field an
 * update leaves the list as it is.
 */
function listExtension(r: ResourceDef, name: string, list: ListDef): Extension {
  const fields = Object.keys(list.fields);
  const img = list.image;
  const itemSchema = listItemSchema(list);
  const notAList = `${list.label} must be a JSON list.`;

  return {
    async decorate(db, rows) {
      if (!rows.length) return;
      const ids = rows.map((row) => Number(row[r.id]));
      const items = await groupTables(db)
        .selectFrom(list.table)
        .select([list.parent, ...fields, ...(img ? [img.column] : [])])
        .where(list.parent, 'in', ids)
        .orderBy(list.parent)
        .orderBy('position')
        .execute();
      const byParent = new Map<number, Row[]>();
      for (const item of items) {
        const parent = Number(item[list.parent]);
        const { [list.parent]: _p, ...rest } = item;
        byParent.set(parent, [...(byParent.get(parent) ?? []), rest]);
      }
      for (const row of rows) row[name] = byParent.get(Number(row[r.id])) ?? [];
    },

    async ownedFiles(db, id) {
      if (!img) return [];
      const items = await groupTables(db).selectFrom(list.table).select(img.column).where(list.parent, '=', id).execute();
      return items.map((item) => String(item[img.column] ?? '')).filter(Boolean);
    },

    async prepare(ctx): Promise<ExtensionPlan> {
      const raw = ctx.body.fields[name];
      // A pending draft (decision 0015) brings its own items; otherwise the stored ones count.
      const draftItems = Array.isArray(ctx.existing?.[name]) ? (ctx.existing[name] as Row[]) : null;
      const oldImages = draftItems
        ? img
          ? draftItems.map((item) => String(item[img.column] ?? '')).filter(Boolean)
          : []
        : ctx.existing
          ? await this.ownedFiles!(ctx.db, Number(ctx.existing[r.id]))
          : [];
      if (raw === undefined) return { written: [], obsolete: [], apply: async () => {} };
      let parsed: unknown;
      try {
        parsed = typeof raw === 'string' ? (raw.trim() === '' ? [] : JSON.parse(raw)) : raw;
      } catch {
        throw new AppError(400, notAList);
      }
      if (!Array.isArray(parsed)) throw new AppError(400, notAList);
      if (parsed.length > list.max) throw new AppError(400, `At most ${list.max} ${list.label.toLowerCase()} per ${r.label.toLowerCase()}.`);

      const written: string[] = [];
      const items: Values[] = [];
      try {
        for (const [i, item] of parsed.entries()) {
          if (item === null || typeof item !== 'object' || Array.isArray(item)) throw new AppError(400, notAList);
          const res = itemSchema.safeParse(item);
          if (!res.success) throw new AppError(400, `${list.admin.item} ${i + 1}: ${res.error.issues[0]?.message ?? 'not valid.'}`);
          const values: Values = { ...res.data };
          const file = img ? ctx.body.files.find((f) => f.field === `${img.fileField}_${i}`) : undefined;
          const given: unknown = img ? Reflect.get(item, img.column) : undefined;
          const kept = typeof given === 'string' && oldImages.includes(given) ? given : '';
          if (fields.every((f) => values[f] === '') && !file && !kept) continue;
          if (img) {
            if (file) {
              const rel = await ctx.storeFile(file, `${list.admin.item} ${i + 1} image`, { kind: 'image' });
              written.push(rel);
              values[img.column] = rel;
            } else {
              values[img.column] = kept;
            }
          }
          items.push(values);
        }
      } catch (err) {
        // A later item was refused: images stored for earlier ones are not referenced by anything.
        await Promise.all(written.map((p) => removeWithVariants(ctx.files, p)));
        throw err;
      }
      const keptImages = new Set(img ? items.map((item) => String(item[img.column])) : []);
      return {
        written,
        obsolete: oldImages.filter((p) => !keptImages.has(p)),
        apply: async (trx, id) => {
          const t = groupTables(trx);
          await t.deleteFrom(list.table).where(list.parent, '=', id).execute();
          for (const [position, item] of items.entries()) {
            await t
              .insertInto(list.table)
              .values({ ...item, [list.parent]: id, position })
              .execute();
          }
        },
      };
    },
  };
}

/** Several extensions of one group as one: decorations in turn, writes planned in turn and applied together. */
function combine(parts: Extension[]): Extension {
  if (parts.length === 1) return parts[0]!;
  return {
    async decorate(db, rows) {
      for (const p of parts) await p.decorate?.(db, rows);
    },
    async ownedFiles(db, id) {
      return (await Promise.all(parts.map((p) => p.ownedFiles?.(db, id) ?? []))).flat();
    },
    async prepare(ctx) {
      const plans: ExtensionPlan[] = [];
      for (const p of parts) if (p.prepare) plans.push(await p.prepare(ctx));
      return {
        written: plans.flatMap((p) => p.written),
        obsolete: plans.flatMap((p) => p.obsolete),
        apply: async (trx, id) => {
          for (const p of plans) await p.apply(trx, id);
        },
      };
    },
  };
}

/** Rows that also carry their id under another name (`idAlias`: ads' `id`, which the spec's public client reads). */
const idAlias = (r: ResourceDef, alias: string): Extension => ({
  async decorate(_db, rows) {
    for (const row of rows) row[alias] = row[r.id];
  },
});

/** What each group does beside its main row: its nested lists (from the declaration) and what truly differs. */
export const extensions: Partial<Record<string, Extension>> = Object.fromEntries(
  resources.flatMap((r: ResourceDef) => {
    const parts = [
      ...Object.entries(r.lists ?? {}).map(([name, list]) => listExtension(r, name, list)),
      ...(r.idAlias ? [idAlias(r, r.idAlias)] : []),
    ];
    return parts.length ? [[r.key, combine(parts)]] : [];
  }),
);
