import fs from 'node:fs';
import path from 'node:path';
import { type ActivityFacts, activityText, removedInWords } from '../../src/audit/words';

const SRC = path.join(__dirname, '..', '..', 'src');
const ANA = '00000000-0000-4000-8000-00000000000a';
const BEN = '00000000-0000-4000-8000-00000000000b';

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every audit action name the code writes ('user.suspended'), with each settings section's for the template. */
function writtenActions(): string[] {
  const names = new Set<string>();
  for (const file of sources(SRC)) {
    const text = fs.readFileSync(file, 'utf8');
    // The expression after "action:" up to its comma: a name, or a choice of names.
    for (const [, expression] of text.matchAll(/\baction: ([^,\n]+),/g))
      for (const [, name] of expression.matchAll(/'([a-z][a-z_-]*(?:\.[a-z_-]+)+)'/g)) names.add(name);
    if (text.includes('action: `settings.${section}.updated`'))
      for (const section of ['security', 'email', 'backup', 'appearance'])
        names.add(`settings.${section}.updated`);
  }
  return [...names].sort();
}

const said = (facts: Partial<ActivityFacts> & { action: string }) =>
  activityText({
    actorUserId: ANA,
    actorName: 'Ana Lopez',
    entity: 'user',
    entityId: BEN,
    before: null,
    after: null,
    ...facts,
  });

describe('the audit log in words', () => {
  it('has words for every action the code writes', () => {
    const actions = writtenActions();
    expect(actions).toEqual(expect.arrayContaining(['firm.created', 'user.created', 'backup.created']));
    // User Management writes these through a template (`user.${event}`).
    actions.push('user.approved', 'user.suspended', 'user.reactivated', 'user.rejected', 'user.removed');
    for (const action of actions)
      expect([action, said({ action })]).not.toEqual([action, expect.stringContaining('made a change')]);
  });

  it('names the actor and the user as the entry keeps them', () => {
    const ben = { firstName: 'Ben', lastName: 'Okafor', status: 'suspended' };
    expect(said({ action: 'user.suspended', after: ben })).toBe('Ana Lopez suspended Ben Okafor');
    expect(said({ action: 'user.approved', entityName: 'Ben Okafor' })).toBe('Ana Lopez approved Ben Okafor');
    expect(said({ action: 'user.removed', before: ben })).toBe('Ana Lopez removed Ben Okafor');
    expect(said({ action: 'user.rejected' })).toBe('Ana Lopez rejected a removed user');
    expect(said({ action: 'user.suspended', actorName: null, after: ben })).toBe(
      'A removed user suspended Ben Okafor',
    );
    expect(
      said({ action: 'user.updated', before: { ...ben, role: 'user' }, after: { ...ben, role: 'admin' } }),
    ).toBe('Ana Lopez made Ben Okafor an administrator');
    expect(said({ action: 'user.password.changed', entityId: ANA })).toBe('Ana Lopez changed their password');
    expect(said({ action: 'user.mfa.enabled', entityId: ANA })).toBe(
      'Ana Lopez turned on two-factor sign-in',
    );
    expect(said({ action: 'user.mfa.disabled', after: ben })).toBe(
      'Ana Lopez turned off two-factor sign-in for Ben Okafor',
    );
  });

  it('says what changed in the settings and the firm', () => {
    expect(said({ action: 'settings.security.updated', entity: 'settings' })).toBe(
      'Ana Lopez changed the security settings',
    );
    expect(said({ action: 'settings.backup.updated', entity: 'settings' })).toBe(
      'Ana Lopez changed the backup and maintenance settings',
    );
    expect(said({ action: 'firm.profile.updated', entity: 'firm' })).toBe(
      'Ana Lopez changed the firm information',
    );
    expect(
      said({
        action: 'firm.updated',
        entity: 'firm',
        before: { name: 'Acme', status: 'pending' },
        after: { name: 'Acme', status: 'active' },
      }),
    ).toBe('Ana Lopez activated the firm Acme');
    expect(
      said({
        action: 'settings.email.tested',
        entity: 'settings',
        after: { sent: false, to: 'ana@acme.example' },
      }),
    ).toBe('Ana Lopez tried to send a test email to ana@acme.example; it was not sent');
  });

  it('says what the system did, and counts what a cleanup removed', () => {
    expect(said({ action: 'backup.created', actorUserId: null, actorName: null, entity: 'backup' })).toBe(
      'The daily backup was made',
    );
    expect(
      said({ action: 'user.locked', actorUserId: null, actorName: null, entityName: 'Ben Okafor' }),
    ).toBe("Ben Okafor's account was locked after too many failed sign-ins");
    expect(removedInWords({ backups: 1, sessions: 0, invitations: 3 })).toBe(
      '3 expired invitations and 1 backup past the retention',
    );
    expect(removedInWords({ invitations: 1, sessions: 2, backups: 2, documents: 4 })).toBe(
      '1 expired invitation, 2 ended sessions, 2 backups past the retention and 4 documents',
    );
    expect(removedInWords({ invitations: 0 })).toBe('nothing');
  });

  it('still reads as a sentence for an action it has no words for', () => {
    expect(said({ action: 'user.teleported' })).toBe('Ana Lopez made a change (user.teleported)');
  });
});
