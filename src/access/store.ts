import type { Kysely, Selectable } from 'kysely';
import type { ActionsTable, DB } from '../db/schema';
import { ROLES, type Role } from '../shared/session';
import type { ActionInput } from '../shared/access';
import type { Flags } from './matrix';

export type ActionRow = Selectable<ActionsTable>;
export type PermissionRow = { action_id: string; role: Role } & Record<
  'can_read' | 'can_write' | 'can_delete',
  boolean
>;

/** The actions catalog and the permission matrix: the only place that queries their tables. */
export function createAccessStore(db: Kysely<DB>) {
  return {
    listActions(): Promise<ActionRow[]> {
      return db.selectFrom('actions').selectAll().orderBy('category').orderBy('name').execute();
    },

    findAction(id: string): Promise<ActionRow | undefined> {
      return db.selectFrom('actions').selectAll().where('id', '=', id).executeTakeFirst();
    },

    listPermissions(): Promise<PermissionRow[]> {
      return db
        .selectFrom('permissions')
        .select(['action_id', 'role', 'can_read', 'can_write', 'can_delete'])
        .execute();
    },

    permissionsOf(actionId: string): Promise<PermissionRow[]> {
      return db
        .selectFrom('permissions')
        .select(['action_id', 'role', 'can_read', 'can_write', 'can_delete'])
        .where('action_id', '=', actionId)
        .execute();
    },

    /** A new action, with a row of no permissions for every role; a public one has no role rows at all. */
    async insertAction(input: ActionInput, options: { isPublic?: boolean } = {}): Promise<ActionRow> {
      const row = await db
        .insertInto('actions')
        .values({
          name: input.name,
          description: input.description,
          route: input.route,
          method: input.method,
          category: input.category,
          is_active: input.isActive,
          is_public: options.isPublic ?? false,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      if (options.isPublic) return row;
      await db
        .insertInto('permissions')
        .values(
          ROLES.map((role) => ({
            action_id: row.id,
            role,
            can_read: false,
            can_write: false,
            can_delete: false,
          })),
        )
        .execute();
      return row;
    },

    updateAction(id: string, input: Partial<ActionInput>): Promise<ActionRow | undefined> {
      return db
        .updateTable('actions')
        .set({
          ...(input.name !== undefined && { name: input.name }),
          ...(input.description !== undefined && { description: input.description }),
          ...(input.route !== undefined && { route: input.route }),
          ...(input.method !== undefined && { method: input.method }),
          ...(input.category !== undefined && { category: input.category }),
          ...(input.isActive !== undefined && { is_active: input.isActive }),
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },

    async deleteAction(id: string): Promise<boolean> {
      const result = await db.deleteFrom('actions').where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    async savePermissions(actionId: string, rows: Array<{ role: Role } & Flags>): Promise<void> {
      for (const r of rows) {
        const values = { can_read: r.read, can_write: r.write, can_delete: r.delete, updated_at: new Date() };
        await db
          .insertInto('permissions')
          .values({ action_id: actionId, role: r.role, ...values })
          .onConflict((oc) => oc.columns(['action_id', 'role']).doUpdateSet(values))
          .execute();
      }
    },
  };
}

export type AccessStore = ReturnType<typeof createAccessStore>;
