import { menusOf } from './access/menus';
import { DECLARED_PAGES } from './features';
import { type MenuItem, UNDECLARED_MENUS } from './shared/constants';
import type { Role } from './shared/session';

let menus: Record<Role, MenuItem[]> | undefined;

/**
 * Each signed-in area's menu (SPEC §2), from the declared pages' `menu` entries (src/features.ts).
 * Worked out on first use: the layout that shows it is itself imported while the features load.
 */
export const MENUS = (): Record<Role, MenuItem[]> => (menus ??= menusOf(DECLARED_PAGES, UNDECLARED_MENUS));
