import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

const EDITION_COLUMNS = [
  'id',
  'form_code',
  'edition_date',
  'file_name',
  'storage_key',
  'field_names',
  'created_at',
] as const;

/** The forms feature's tables: the packets generated and the official editions firms upload. */
export function createFormsStore(db: Kysely<DB>) {
  return {
    recordPacket: (row: {
      firm_id: string;
      case_id: string;
      generated_by: string;
      forms: string[];
      draft: boolean;
      document_id: string;
    }) => db.insertInto('generated_forms').values(row).returning('id').executeTakeFirstOrThrow(),

    addEdition: (row: {
      id: string;
      firm_id: string;
      form_code: string;
      edition_date: string;
      file_name: string;
      storage_key: string;
      field_names: string[];
      uploaded_by: string;
    }) => db.insertInto('form_editions').values(row).execute(),

    /** A firm's editions of a form, the newest edition first. */
    editionsOf: (firmId: string, formCode: string) =>
      db
        .selectFrom('form_editions')
        .select(EDITION_COLUMNS)
        .where('firm_id', '=', firmId)
        .where('form_code', '=', formCode)
        .orderBy('edition_date', 'desc')
        .orderBy('created_at', 'desc')
        .execute(),
  };
}
