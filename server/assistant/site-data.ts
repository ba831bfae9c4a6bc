/** A read-only snapshot of the site's content that one answer is computed from. */
import type { ResourceKey } from '../../content/kit';
import { resources } from '../../content/resources/index';
import type { Row } from '../content/service';
import type { Services } from '../services';

export interface SiteData {
  rows: Record<ResourceKey, Row[]>;
  /** Consultation requests (table `consultations`), newest first. */
  consultations: Row[];
}

export async function loadSiteData(services: Pick<Services, 'content' | 'store'>): Promise<SiteData> {
  const rows = {} as Record<ResourceKey, Row[]>;
  for (const r of resources) rows[r.key] = await services.content.list(r);
  const consultations = (await services.store.db
    .selectFrom('consultations')
    .select(['consultation_id', 'reference', 'name', 'requested_at', 'status', 'created_at', 'document_path'])
    .orderBy('consultation_id', 'desc')
    .execute()) as Row[];
  return { rows, consultations };
}
