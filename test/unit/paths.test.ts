import fs from 'node:fs';
import { DECLARED_PATHS_FILE, declaredPathsSource } from '../../scripts/paths';
import { api, pages } from '../../src/shared/paths';

describe('the typed paths', () => {
  it('src/shared/declared-paths.ts holds the paths the declarations mount now (else: npm run paths)', () => {
    expect(fs.readFileSync(DECLARED_PATHS_FILE, 'utf8')).toBe(declaredPathsSource());
  });

  it('a builder fills the declared path with its values, and gives the pattern back for the pattern', () => {
    expect(pages.cases('user').view('c1')).toBe('/user/cases/c1');
    expect(pages.cases('admin').view(':id')).toBe('/admin/cases/:id');
    expect(pages.calendarFeed('t0k')).toBe('/calendar/t0k.ics');
    expect(pages.reti.rolesRow('a1')).toBe('/reti/role-management/a1');
    expect(pages.admin.activity(2)).toBe('/admin/dashboard?activity=2');
    expect(api.case('c1')).toBe('/cases/c1');
    expect(api.permission('{actionId}')).toBe('/permissions/{actionId}');
    expect(api.settingsSection('email')).toBe('/settings/email');
  });
});
