/**
 * The assistant's view of the site's data: a content group (one per declaration, plus the consultations
 * inbox) and a searched document. Its own module so the help pages and the index builder share them
 * without importing each other (decision 0037).
 */
import type { FieldType } from '../../content/kit';
import type { Row } from '../content/service';

export interface Field {
  name: string;
  label: string;
  type: FieldType;
  values?: readonly string[];
  /** For a joined name: the group it names (its rows are the values the field can take). */
  ref?: string;
}

/** A content group as the assistant sees it: one per declared resource, plus the consultations inbox. */
export interface Group {
  key: string;
  one: string;
  many: string;
  path: string;
  title: string;
  id: string;
  /** Shown fields; a reference shows the joined name (case_name) instead of the id. */
  fields: Field[];
  name?: string;
  /** Date fields giving each row a start and an end (events, ads): upcoming, running, ended. */
  window?: { start: string; end: string; startTime?: string; endTime?: string };
  /** Phrases that name the group, as stemmed words. */
  vocab: string[][];
  /** Rows hold clients' personal data: answered by the built-in assistant only, never sent to a model. */
  personal?: boolean;
}

export interface Doc {
  id: string;
  kind: 'item' | 'setting' | 'help';
  group: string;
  title: string;
  /** The searched text (emptied once indexed). */
  text: string;
  /** What an answer shows (for a content row, computed when asked, as its status depends on the time). */
  facts: string;
  path: string;
  row?: Row;
}
