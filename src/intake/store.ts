import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { DB, QuestionnairesTable } from '../db/schema';

export type QuestionnaireRow = Selectable<QuestionnairesTable>;

/** Questionnaires: the only place that queries their table. */
export function createIntakeStore(db: Kysely<DB>) {
  return {
    insert(row: Insertable<QuestionnairesTable>) {
      return db.insertInto('questionnaires').values(row).returningAll().executeTakeFirstOrThrow();
    },

    find(firmId: string, id: string): Promise<QuestionnaireRow | undefined> {
      return db
        .selectFrom('questionnaires')
        .selectAll()
        .where('firm_id', '=', firmId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** The row, locked until the transaction ends: answers saved at once are written one after the other. */
    findForUpdate(firmId: string, id: string): Promise<QuestionnaireRow | undefined> {
      return db
        .selectFrom('questionnaires')
        .selectAll()
        .where('firm_id', '=', firmId)
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
    },

    ofCase(caseId: string): Promise<QuestionnaireRow[]> {
      return db
        .selectFrom('questionnaires')
        .selectAll()
        .where('case_id', '=', caseId)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute();
    },

    async update(id: string, values: Updateable<QuestionnairesTable>) {
      return db
        .updateTable('questionnaires')
        .set({ ...values, updated_at: new Date() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },
  };
}
