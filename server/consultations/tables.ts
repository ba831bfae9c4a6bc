/** The tables of consultation intake and data rights, and the columns intake adds to consultations (migrations 0013, 0014). */
import type { Generated } from 'kysely';
import type { ErasureRequestRow } from '../../content/admin-views';

/** The row types of the intake tables, joined into the typed Database (server/database.ts). */
export interface IntakeTables {
  consultation_slot_seats: { slot_start: string; seat: number; consultation_id: number; created_at: string };
  signed_link_uses: { nonce: string; purpose: string; used_at: string; expires_at: string };
  conflict_parties: {
    party_id: Generated<number>;
    name: string;
    kind: 'client' | 'adverse';
    email: string | null;
    phone: string | null;
    note: string | null;
    created_at: string;
    updated_at: string;
  };
  /** Bookable lawyers (migration 0035, decision 0067); offices, practice_areas and hours are JSON. */
  lawyers: {
    lawyer_id: Generated<number>;
    name: string;
    work_email: string;
    active: number;
    video: number;
    offices: string;
    practice_areas: string;
    hours: string;
    feed_token: string | null;
    created_at: string;
    updated_at: string;
  };
  lawyer_slot_seats: { lawyer_id: number; slot_start: string; consultation_id: number; created_at: string };
  lawyer_feed_events: {
    lawyer_id: number;
    consultation_id: number;
    sequence: number;
    status: 'CONFIRMED' | 'CANCELLED';
    changed_at: string;
  };
  /** Its dates, hold and count are what the admin's Data requests table reads (content/admin-views.ts). */
  data_requests: {
    request_id: Generated<number>;
    kind: 'access' | 'erasure';
    email: string | null;
    email_hash: string;
    status: 'pending' | ErasureRequestRow['status'];
  } & Pick<ErasureRequestRow, 'created_at' | 'verified_at' | 'due_at' | 'hold_reason' | 'completed_at' | 'removed'>;
}

/** The columns intake adds to consultations (migration 0013). */
export interface ConsultationIntakeColumns {
  slot_start: string | null;
  opposing_party: string | null;
  decision_note: string | null;
  /** JSON list of ConflictMatch. */
  conflict: string | null;
  consent_version: string | null;
  reminder_queued_at: string | null;
  /** When the firm confirmed it (the retention purge keeps requests that were ever confirmed). */
  confirmed_at: string | null;
  /** Routing (migration 0035, decision 0067): the assigned lawyer, office city, mode, practice area (case category) and video room. */
  lawyer_id: number | null;
  office: string | null;
  mode: 'in_person' | 'video' | null;
  practice_area_id: number | null;
  video_room: string | null;
}
