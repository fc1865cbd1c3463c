import { menusOf } from '../../src/access/menus';
import { page } from '../../src/access/page';
import { MENUS } from '../../src/menus';

const entry = (id: string, label: string, to: string, icon: string) => ({ id, label, to, icon });

describe('menus', () => {
  it('are SPEC §2 menus exactly: labels, paths, icons and order, declared or not yet', () => {
    expect(MENUS()).toEqual({
      user: [
        entry('dashboard', 'Dashboard', '/user/dashboard', 'dashboard'),
        entry('cases', 'Cases', '/user/cases', 'cases'),
        entry('documents', 'Documents', '/user/documents', 'documents'),
        entry('forms', 'Forms', '/user/forms', 'forms'),
        entry('ai', 'AI Tools', '/user/ai', 'ai'),
      ],
      admin: [
        entry('dashboard', 'Dashboard', '/admin/dashboard', 'dashboard'),
        entry('users', 'User Management', '/admin/users', 'users'),
        entry('cases', 'Case Management', '/admin/cases', 'cases'),
        entry('reports', 'Reports', '/admin/reports', 'reports'),
        entry('settings', 'Settings', '/admin/settings', 'settings'),
      ],
      reti: [
        entry('dashboard', 'Dashboard', '/reti/dashboard', 'dashboard'),
        entry('firm-onboard', 'Firm Onboarding', '/reti/firm-onboard', 'firm'),
        entry('role-management', 'Role Management', '/reti/role-management', 'roles'),
        entry('actions', 'Actions', '/reti/actions', 'actions'),
      ],
      // The client portal's (SPEC has no client area; its words are translated in the header).
      client: [entry('matters', 'My Matters', '/portal', 'cases')],
    });
  });

  it("put a declared page's entry in place of the static one, and refuse two entries at one place", () => {
    const declared = page({
      path: '/user/cases',
      reads: [],
      menu: { role: 'user', order: 2, id: 'cases', label: 'Cases', icon: 'cases' },
      render: () => {
        throw new Error('not rendered');
      },
    });
    const undeclared = {
      user: [
        entry('dashboard', 'Dashboard', '/user/dashboard', 'dashboard'),
        entry('cases', 'Old', '/x', 'cases'),
      ],
      admin: [],
      reti: [],
      client: [],
    } as Parameters<typeof menusOf>[1];
    expect(menusOf([declared], undeclared).user.map((m) => [m.label, m.to])).toEqual([
      ['Dashboard', '/user/dashboard'],
      ['Cases', '/user/cases'],
    ]);
    const twin = { ...declared, menu: { ...declared.menu!, id: 'other', order: 1 } };
    expect(() => menusOf([twin], undeclared)).toThrow(/two entries/);
  });
});
