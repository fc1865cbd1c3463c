import request from 'supertest';
import { csrfFrom, DEMO_PASSWORD, demoFirmId, startTestApp, type TestApp, visibleText } from '../helpers/app';
import { totpCode } from '../helpers/totp';

/** What a form of the page says about its fields: which are required, which are starred, and the note. */
type FormFacts = {
  action: string;
  /** The names of the controls the browser treats as required. */
  required: string[];
  /** The names of the controls whose label carries the star. */
  starred: string[];
  /** The visible text of each "what the star means" note. */
  notes: string[];
  /** The note comes before the first field a person fills in. */
  noteFirst: boolean;
};

const attribute = (attrs: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(attrs)?.[1];

function formsOf(html: string): FormFacts[] {
  return (html.match(/<form\b[\s\S]*?<\/form>/g) ?? []).map((form) => {
    const controls = [...form.matchAll(/<(?:input|select|textarea)\b([^>]*)>/g)]
      .map((m) => ({ index: m.index, attrs: m[1] }))
      .filter((c) => attribute(c.attrs, 'type') !== 'hidden');
    const nameOf = (id: string) =>
      attribute(controls.find((c) => attribute(c.attrs, 'id') === id)!.attrs, 'name');
    // A field is starred in its label; a group of radio buttons once, in its legend. In document order.
    const starredLabels = [
      ...form.matchAll(
        /<label for="([^"]+)">[^<]*<span class="required-mark" aria-hidden="true">\*<\/span>/g,
      ),
    ].map((m) => [m.index, nameOf(m[1])!] as const);
    const starredGroups = [
      ...form.matchAll(
        /<fieldset\b[^>]*>\s*<legend[^>]*>[^<]*<span class="required-mark" aria-hidden="true">\*<\/span><\/legend>[\s\S]*?<input\b([^>]*)>/g,
      ),
    ].map((m) => [m.index, attribute(m[1], 'name')!] as const);
    const starred = [...starredLabels, ...starredGroups].sort((a, b) => a[0] - b[0]).map(([, name]) => name);
    const notes = [...form.matchAll(/<p class="required-note[^"]*"[^>]*>([\s\S]*?)<\/p>/g)];
    return {
      action: attribute(form.slice(0, form.indexOf('>')), 'action') ?? '',
      // A radio group's buttons share one name: one field.
      required: [
        ...new Set(
          controls.filter((c) => /\srequired=""/.test(c.attrs)).map((c) => attribute(c.attrs, 'name')!),
        ),
      ],
      starred,
      notes: notes.map((m) => visibleText(m[1]).trim()),
      noteFirst: notes.length > 0 && controls.length > 0 && notes[0].index < controls[0].index,
    };
  });
}

/** The fields each form's server action refuses when empty (SPEC §5 and the zod schemas behind them). */
const REQUIRED_BY_SERVER: Array<[RegExp, string[]]> = [
  [/^\/login\/mfa/, ['code']],
  [/^\/login/, ['user_id', 'password']],
  [/^\/account\/password$/, ['current_password', 'password', 'confirm_password']],
  [/^\/account\/(two-factor|two-factor\/off|recovery-codes)$/, ['code']],
  [/^\/contact$/, ['name', 'phone', 'email']],
  [/^\/invite\//, ['user_id', 'password', 'confirm_password']],
  [/^\/reti\/firm-onboard$/, ['name', 'contactPerson', 'contactRole', 'email', 'phone']],
  [/^\/reti\/firms\/[^/]+\/edit$/, ['name', 'contactPerson', 'contactRole', 'email', 'phone']],
  [/^\/reti\/actions(\/[^/]+)?$/, ['name', 'category', 'route', 'method', 'description']],
  [/^\/admin\/settings\/firm$/, ['name', 'type', 'phone', 'email', 'timeZone']],
  [/^\/admin\/settings\/security$/, ['sessionTimeoutMinutes', 'passwordPolicy', 'loginAttempts']],
  [/^\/admin\/settings\/backup$/, ['retentionDays']],
  [/^\/admin\/settings\/appearance$/, ['primaryColor']],
  [/^\/admin\/settings\/appearance\/logo$/, ['logo']],
  [/^\/(admin|user)\/cases\/new$/, ['clientName', 'caseType', 'formType']],
  [/^\/(admin|user)\/cases\/[^/]+\/edit$/, ['caseType', 'formType']],
  [/^\/(admin|user)\/clients\/[^/]+\/edit$/, ['firstName', 'lastName']],
];

describe('required fields, marked the same way on every form', () => {
  let t: TestApp;
  const pages: Record<string, string> = {};
  beforeAll(async () => {
    t = await startTestApp();
    const visitor = request(t.app);
    for (const path of ['/public', '/login', '/health']) pages[path] = (await visitor.get(path)).text;

    const staff = request.agent(t.app);
    await staff.post('/api/auth/login').send({ user_id: 'reti', password: DEMO_PASSWORD }).expect(200);
    const token = csrfFrom((await staff.get('/reti/dashboard')).text);
    const firm = await staff
      .post('/api/firms')
      .set('X-CSRF-Token', token)
      .send({
        name: 'Meridian Visa Partners',
        contactPerson: 'Rosa Meridian',
        contactRole: 'Partner',
        email: 'rosa@meridian-visa.example',
        phone: '+1 (555) 300-4000',
      })
      .expect(201);
    await staff
      .post(`/api/firms/${firm.body.id}/invitations`)
      .set('X-CSRF-Token', token)
      .send({})
      .expect(202);
    // No SMTP server here: the email waits in the outbox, link and all.
    const email = await t.database.db
      .selectFrom('outbox')
      .select('text_body')
      .where('to_address', '=', 'rosa@meridian-visa.example')
      .executeTakeFirstOrThrow();
    const invite = new URL(/http\S+\/invite\/\S+/.exec(email.text_body)![0]).pathname;
    pages[invite] = (await visitor.get(invite)).text;

    const demo = await demoFirmId(t.database);
    const actionId = (await staff.get('/api/actions')).body[0].id as string;
    for (const path of [
      '/reti/dashboard',
      '/reti/firm-onboard',
      `/reti/firms/${demo}/edit`,
      `/reti/firms/${demo}/delete`,
      '/reti/role-management',
      '/reti/actions?new',
      `/reti/actions?edit=${actionId}`,
    ])
      pages[path] = (await staff.get(path)).text;

    const admin = request.agent(t.app);
    await admin.post('/api/auth/login').send({ user_id: 'admin', password: DEMO_PASSWORD }).expect(200);
    for (const section of ['firm', 'security', 'email', 'backup', 'appearance'])
      pages[`/admin/settings/${section}`] = (await admin.get(`/admin/settings/${section}`)).text;
    // A case's pages: New Case, its edit page, its client's page (the edit form is there).
    const someCase = await t.database.db
      .selectFrom('cases')
      .select(['id', 'client_id'])
      .where('firm_id', '=', demo)
      .executeTakeFirstOrThrow();
    for (const path of [
      '/admin/cases/new',
      `/admin/cases/${someCase.id}/edit`,
      `/admin/clients/${someCase.client_id}`,
    ])
      pages[path] = (await admin.get(path)).text;

    // The Account page with two-factor sign-in off, its setup, then on; and the sign-in's code page.
    pages['/account'] = (await staff.get('/account')).text;
    pages['/account/two-factor'] = (await staff.get('/account/two-factor')).text;
    const secret = /<code class="totp-secret">([^<]+)<\/code>/.exec(pages['/account/two-factor'])![1];
    await staff
      .post('/api/auth/mfa/enable')
      .set('X-CSRF-Token', token)
      .send({ code: totpCode(secret) })
      .expect(200);
    pages['/account (two-factor on)'] = (await staff.get('/account')).text;
    const second = request.agent(t.app);
    await second.post('/api/auth/login').send({ user_id: 'reti', password: DEMO_PASSWORD }).expect(200);
    pages['/login/mfa'] = (await second.get('/login/mfa')).text;
  });
  afterAll(() => t.close());

  it('finds every form that has required fields', () => {
    const actions = Object.values(pages).flatMap((html) =>
      formsOf(html)
        .filter((f) => f.required.length > 0)
        .map((f) => f.action),
    );
    for (const [pattern] of REQUIRED_BY_SERVER)
      expect([pattern, actions.some((a) => pattern.test(a))]).toEqual([pattern, true]);
  });

  it('stars exactly the fields the server requires, and says once, before them, what the star means', () => {
    for (const [path, html] of Object.entries(pages))
      for (const form of formsOf(html)) {
        const where = `${path}: form ${form.action}`;
        const expected = REQUIRED_BY_SERVER.find(([pattern]) => pattern.test(form.action))?.[1] ?? [];
        expect([where, [...form.required].sort()]).toEqual([where, [...expected].sort()]);
        expect([where, form.starred]).toEqual([where, form.required]);
        if (form.required.length > 0)
          expect([where, form.notes, form.noteFirst]).toEqual([where, ['* Required'], true]);
        else expect([where, form.notes]).toEqual([where, []]);
      }
  });
});
