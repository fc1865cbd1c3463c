import type { MenuItem } from '../shared/constants';
import { ROLES, type Role } from '../shared/session';
import type { AnyPage } from './page';

/**
 * Each area's menu, from the pages that declare an entry (its label, icon and place), in their `order`;
 * an entry of SPEC §2 that no page declares yet comes from `undeclared` (its place: its position there,
 * from 1). Two entries of one area with the same id or place are a mistake, refused at start-up.
 */
export function menusOf(pages: AnyPage[], undeclared: Record<Role, MenuItem[]>): Record<Role, MenuItem[]> {
  const menus = {} as Record<Role, MenuItem[]>;
  for (const role of ROLES) {
    const declared = pages.flatMap((p) =>
      p.menu?.role === role
        ? [
            {
              order: p.menu.order,
              item: { id: p.menu.id, label: p.menu.label, icon: p.menu.icon, to: [p.path].flat()[0] },
            },
          ]
        : [],
    );
    const ids = new Set(declared.map((d) => d.item.id));
    const rest = undeclared[role].flatMap((item, i) => (ids.has(item.id) ? [] : [{ order: i + 1, item }]));
    const entries = [...declared, ...rest].sort((a, b) => a.order - b.order);
    for (const [i, entry] of entries.entries()) {
      const twin = entries.findIndex((e) => e.item.id === entry.item.id || e.order === entry.order);
      if (twin !== i)
        throw new Error(
          `The ${role} menu has two entries ${entry.item.id} and ${entries[twin]!.item.id} at ${entry.order}.`,
        );
    }
    menus[role] = entries.map((e) => e.item);
  }
  return menus;
}
