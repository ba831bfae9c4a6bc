import type { Insertable } from 'kysely';
import type { ConsultationsTable, Db } from '../../server/database';

type ConsultationRow = Insertable<ConsultationsTable>;

/**
 * Stores a consultation request straight in its table (no form, no mail, no consent recorded), for a test that
 * only needs one to be there. The fields the test does not name get plain placeholders and the status 'new'.
 */
export async function storeConsultation(
  db: Db,
  row: Pick<ConsultationRow, 'reference' | 'name'> & Partial<ConsultationRow>,
): Promise<void> {
  await db
    .insertInto('consultations')
    .values({
      email: 'client@example.com',
      contact_number: '+91 98470 00000',
      legal_issue_summary: 'Stored by the test.',
      requested_at: '2027-03-18T11:00',
      status: 'new',
      ...row,
    })
    .execute();
}
