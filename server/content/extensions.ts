import type { Kysely } from 'kysely';
import type { FieldDef, ResourceKey } from '../../content/kit';
import { SPEAKER_FIELDS } from '../../content/resources/event';
import { removeWithVariants } from '../files/variants';
import { AppError } from '../lib/errors';
import { coerceField } from './coerce';
import type { Extension, Row } from './service';

const SPEAKER_DEFS: Record<(typeof SPEAKER_FIELDS)[number], FieldDef> = {
  speaker_name: { type: 'text', label: 'Speaker name', max: 120 },
  designation: { type: 'text', label: 'Speaker designation', max: 160 },
  date: { type: 'date', label: 'Speaker date' },
  from_time: { type: 'time', label: 'Speaker from time' },
  to_time: { type: 'time', label: 'Speaker to time' },
};

/**
 * Event speakers. They arrive as a JSON string in the field `speakers`; a speaker's photo travels in the
 * same multipart request as the file field `speaker_image_<i>`, where i is the speaker's index in that
 * JSON list. A speaker whose `image` names the photo it already has keeps it. Rows that are entirely
 * empty are dropped. Without a `speakers` field an update leaves the speakers as they are.
 */
const eventSpeakers: Extension = {
  async decorate(db, rows) {
    if (!rows.length) return;
    const ids = rows.map((r) => Number(r.event_id));
    const speakers = await db
      .selectFrom('event_speakers')
      .select(['event_id', 'speaker_name', 'designation', 'date', 'from_time', 'to_time', 'image'])
      .where('event_id', 'in', ids)
      .orderBy('event_id')
      .orderBy('position')
      .execute();
    const byEvent = new Map<number, Row[]>();
    for (const s of speakers) {
      const list = byEvent.get(Number(s.event_id)) ?? [];
      const { event_id: _e, ...rest } = s;
      list.push(rest);
      byEvent.set(Number(s.event_id), list);
    }
    for (const r of rows) r.speakers = byEvent.get(Number(r.event_id)) ?? [];
  },

  async ownedFiles(db, id) {
    const rows = await db.selectFrom('event_speakers').select('image').where('event_id', '=', id).execute();
    return rows.map((r) => String(r.image)).filter(Boolean);
  },

  async prepare(ctx) {
    const raw = ctx.body.fields.speakers;
    // A pending draft (issue 14) brings its own speakers; otherwise the stored ones count.
    const draftSpeakers = Array.isArray(ctx.existing?.speakers) ? (ctx.existing.speakers as Row[]) : null;
    const oldImages = draftSpeakers
      ? draftSpeakers.map((sp) => String(sp.image ?? '')).filter(Boolean)
      : ctx.existing
        ? await this.ownedFiles!(ctx.db, Number(ctx.existing.event_id))
        : [];
    if (raw === undefined) {
      return { written: [], obsolete: [], apply: async () => {} };
    }
    let list: unknown;
    try {
      list = typeof raw === 'string' ? (raw.trim() === '' ? [] : JSON.parse(raw)) : raw;
    } catch {
      throw new AppError(400, 'Speakers must be a JSON list.');
    }
    if (!Array.isArray(list)) throw new AppError(400, 'Speakers must be a JSON list.');
    if (list.length > 50) throw new AppError(400, 'An event can have at most 50 speakers.');

    const written: string[] = [];
    const rows: Row[] = [];
    try {
      for (const [i, item] of list.entries()) {
        if (item === null || typeof item !== 'object' || Array.isArray(item))
          throw new AppError(400, 'Speakers must be a JSON list.');
        const s = item as Record<string, unknown>;
        const values: Row = {};
        for (const f of SPEAKER_FIELDS) values[f] = coerceField(f, SPEAKER_DEFS[f], s[f]) ?? '';
        const file = ctx.body.files.find((f) => f.field === `speaker_image_${i}`);
        const kept = typeof s.image === 'string' && oldImages.includes(s.image) ? s.image : '';
        const empty = SPEAKER_FIELDS.every((f) => values[f] === '') && !file && !kept;
        if (empty) continue;
        if (file) {
          const rel = await ctx.storeFile(file, `Speaker ${i + 1} image`, { kind: 'image' });
          written.push(rel);
          values.image = rel;
        } else {
          values.image = kept;
        }
        rows.push(values);
      }
    } catch (err) {
      // A later speaker was refused: photos stored for earlier ones are not referenced by anything.
      await Promise.all(written.map((p) => removeWithVariants(ctx.files, p)));
      throw err;
    }
    const keptImages = new Set(rows.map((r) => String(r.image)));
    return {
      written,
      obsolete: oldImages.filter((p) => !keptImages.has(p)),
      apply: async (trx, id) => {
        await trx.deleteFrom('event_speakers').where('event_id', '=', id).execute();
        for (const [position, r] of rows.entries()) {
          await trx.insertInto('event_speakers').values({ ...r, event_id: id, position }).execute();
        }
      },
    };
  },
};

/** Ads in lists carry `id` as well as `ads_id` (the public client reads `id`). */
const adsId: Extension = {
  async decorate(_db: Kysely<any>, rows) {
    for (const r of rows) r.id = r.ads_id;
  },
};

export const extensions: Partial<Record<ResourceKey, Extension>> = {
  event: eventSpeakers,
  ads: adsId,
};
