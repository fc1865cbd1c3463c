import { SECTION_IDS } from '../../src/shared/person-sections';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { ElementHandle, Page } from 'puppeteer';
import request from 'supertest';
import type { AnyPage } from '../../src/access/page';
import { DECLARED_PAGES } from '../../src/features';
import type { CaseRecord, ClientRecord } from '../../src/shared/cases';
import { SETTINGS_SECTIONS } from '../../src/shared/settings';
import { createUsersService } from '../../src/users/service';
import { DEMO_LOGINS, DEMO_PASSWORD, demoFirmId, signIn, type SignedIn, actionIdNamed } from '../helpers/app';
import { analysed, upload } from '../helpers/documents';
import { renamedExecutable, textPdf } from '../helpers/files';
import { waitFor } from '../helpers/poll';
import { totpCode, wrongCode } from '../helpers/totp';
import {
  axeViolations,
  chooseCase,
  clickAndWait,
  control,
  e2eSuite,
  field,
  fill,
  islandsHydrated,
  pathOf,
  textOf,
} from './support';

type Role = 'anonymous' | keyof typeof DEMO_LOGINS;
const ROLES: Role[] = ['anonymous', ...(Object.keys(DEMO_LOGINS) as Array<keyof typeof DEMO_LOGINS>)];

/**
 * Declared paths that answer no page of their own to scan: a file the walk cannot reach (the calendar feed,
 * the recovery codes' text file), an area's entry path, which only leads to its dashboard, and the USCIS
 * status check's form address, which only leads to the case page's card (scanned with the case page).
 */
const NO_PAGE = [
  '/account/recovery-codes/download',
  '/calendar/:token.ics',
  '/user',
  '/admin',
  '/reti',
  '/admin/cases/:id/uscis-status',
];

const RECEIPT_NOTICE = [
  'U.S. Citizenship and Immigration Services',
  'I-797C, Notice of Action',
  'Receipt Number: IOE0912345678',
  'Case Type: I-485 - APPLICATION TO REGISTER PERMANENT RESIDENCE OR ADJUST STATUS',
  'Notice Date: 03/04/2026',
  'Notice Type: Receipt Notice',
];
const RFE_FACTS = { noticeType: 'RFE', noticeDate: '2026-11-02', responsePeriodDays: 84, servedByMail: true };
const LONG_FIRM = {
  name: 'Fragomen, Del Rey, Bernsen & Loewy Immigration and Nationality Law Partners LLP',
  contact_person: 'Maria-Alejandra Villanueva-Castellanos',
  contact_role: 'Managing Partner, Business Immigration',
  email: 'maria-alejandra.villanueva-castellanos@fragomen-delrey-bernsen-loewy-immigration.example',
  phone: '+1 (212) 555-0147 ext. 2210',
};
const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 40" width="160" height="40">
  <rect width="40" height="40" rx="8" fill="#0f766e"/></svg>`;
const PASSWORD = 'Harbor-Lights-2032!';

/** The signed-in area a path is in ('admin', 'user'…), or '' for a page of no area. */
const areaOf = (path: string) =>
  (Object.keys(DEMO_LOGINS) as string[]).find((role) => `${path}/`.startsWith(`/${role}/`)) ?? '';

/** The declared pages whose paths (in Express syntax) match this path. */
const declaredAt = (pathname: string) =>
  DECLARED_PAGES.filter((p) =>
    [p.path]
      .flat()
      .some((d) => new RegExp(`^${d.replace(/\./g, '\\.').replace(/:\w+/g, '[^/]+')}$`).test(pathname)),
  );

/** How the app answers `url` to this page's session: no redirect followed, no body read. */
const answerOf = (page: Page, url: string) =>
  page.evaluate(async (u) => {
    const res = await fetch(u, { redirect: 'manual' });
    void res.body?.cancel();
    return { status: res.status, type: res.headers.get('content-type') ?? '' };
  }, url);

/** Every island of the page live: those that wait for an interaction get one (a pointer over them). */
async function goLive(page: Page) {
  await page.$$eval('[data-island][data-trigger="interaction"]', (roots) =>
    roots.forEach((r) => r.dispatchEvent(new PointerEvent('pointerover'))),
  );
  await islandsHydrated(page);
}

/**
 * Axe over every kind of page, once each: every declared page signed out and signed in, as the first role
 * that may open it (JavaScript on, at a desktop's width; and as served, without JavaScript, where the page
 * holds islands), then each state a page has beyond its plain address (a modal open, a form refused, a
 * result shown, a phone's width…). A page declared later is walked too; one whose path takes a parameter the walk cannot fill,
 * or that no scan reached, fails until this file learns it.
 */
describe('accessibility: every kind of page, scanned by axe', () => {
  const suite = e2eSuite();
  /** Each role's pages, signed in once: `live` runs the product's scripts, `served` refuses them. */
  const browsers = new Map<Role, { live: Page; served: Page }>();
  let staff: SignedIn;
  let admin: SignedIn;
  let attorney: SignedIn;
  let dir: string;
  /** The firm's case with its client, an RFE's facts and a receipt notice; one in processing; one approved. */
  let kase: CaseRecord;
  let processing: CaseRecord;
  /** A naturalization case whose client has no A-number: its forms have problems to correct. */
  let lacking: CaseRecord;
  let longFirmId: string;
  let inviteToken: string;
  /** A backup of the firm, made before anything else. */
  let backupId: string;
  /** Real values for each kind of path parameter, by the path it sits in (each value is walked). */
  let VALUES_OF: Array<[RegExp, string[]]> = [];
  /** The declared pages some scan covered, and those that answered a file. */
  const covered = new Set<AnyPage>();
  const files = new Set<AnyPage>();
  /**
   * What the walk scanned already: an address (it may be two declarations') signed out and signed in, and
   * without JavaScript by address alone (a state of the page, whoever opens it). A page several roles open
   * (the public pages, the account's) is scanned once signed in: each role's own layout is scanned on its
   * own area's pages, which only that role opens.
   */
  const walked = new Set<string>();
  const walkedServed = new Set<string>();

  const live = (role: Role) => browsers.get(role)!.live;
  const served = (role: Role) => browsers.get(role)!.served;
  /** Goes to `url` in front of the other pages: a page behind them gets no animation frames, no focus. */
  async function go(page: Page, url: string) {
    await page.bringToFront();
    return page.goto(`${suite.url}${url}`);
  }

  /** No axe violations; the declared page at this address counts as scanned, unless it showed an error. */
  async function expectAccessible(page: Page, what: string, covers = true) {
    if (covers) for (const declared of declaredAt(new URL(page.url()).pathname)) covered.add(declared);
    expect([what, await axeViolations(page)]).toEqual([what, []]);
  }

  /**
   * Scans the state `reach` brings the live page to; where that page holds islands, and a served page is
   * given, the same state reached again without JavaScript too (answers whether it was).
   */
  async function scanState(
    what: string,
    pages: { live: Page; served?: Page },
    reach: (page: Page, javaScript: boolean) => Promise<unknown>,
    covers = true,
  ): Promise<boolean> {
    await reach(pages.live, true);
    await goLive(pages.live);
    await expectAccessible(pages.live, what, covers);
    if (!pages.served || !(await pages.live.$('[data-island]'))) return false;
    await reach(pages.served, false);
    await expectAccessible(pages.served, `${what}, without JavaScript`, covers);
    return true;
  }

  /** A page of the same session whose scripts are refused: exactly what a browser without JavaScript shows. */
  async function servedBeside(page: Page): Promise<Page> {
    const bare = await page.browserContext().newPage();
    bare.setDefaultTimeout(10_000);
    await bare.setViewport({ width: 1280, height: 900 });
    await bare.setRequestInterception(true);
    bare.on('request', (r) => void (r.resourceType() === 'script' ? r.abort() : r.continue()));
    return bare;
  }

  async function logIn(page: Page, loginId: string, password = DEMO_PASSWORD) {
    await go(page, '/login');
    await fill(page, 'User ID', loginId, 'main form');
    await fill(page, 'Password', password, 'main form');
    return clickAndWait(page, await control(page, 'Login', 'main form'));
  }

  const post = (as: SignedIn, route: string, body: object = {}) =>
    as.agent.post(`/api${route}`).set('X-CSRF-Token', as.token).send(body);

  async function newCase(fields: Record<string, unknown>, ...moves: string[]): Promise<CaseRecord> {
    const res = await post(admin, '/cases', { caseType: 'family', formType: 'I-485', ...fields });
    expect(res.status).toBe(201);
    for (const status of moves) {
      const moved = await admin.agent
        .patch(`/api/cases/${res.body.id}`)
        .set('X-CSRF-Token', admin.token)
        .send({ status });
      expect(moved.status).toBe(200);
    }
    return res.body as CaseRecord;
  }

  /** The link in the newest email kept in the outbox for `address` (the test app sends none). */
  async function emailedLink(address: string, pattern: RegExp): Promise<string> {
    let link = '';
    await waitFor(async () => {
      const rows = await suite.t.database.db
        .selectFrom('outbox')
        .select('text_body')
        .where('to_address', '=', address)
        .execute();
      link = rows.map((r) => pattern.exec(r.text_body)?.[0] ?? '').find(Boolean) ?? '';
      return link !== '';
    });
    return new URL(link).pathname;
  }

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'a11y-e2e-'));
    for (const role of ROLES) {
      const { page } = await suite.open({ keep: true });
      if (role === 'anonymous') await go(page, '/');
      else {
        await logIn(page, DEMO_LOGINS[role]);
        expect(pathOf(page)).not.toMatch(/^\/login/);
      }
      browsers.set(role, { live: page, served: await servedBeside(page) });
    }

    const db = suite.t.database.db;
    const firmId = await demoFirmId(suite.t.database);
    [staff, admin, attorney] = await Promise.all(
      ['reti', 'admin', 'attorney'].map((l) => signIn(suite.t.app, l)),
    );
    kase = await newCase({ clientName: 'Axel Checkwell', dueDate: '2027-01-15' });
    const facts = await admin.agent
      .put(`/api/cases/${kase.id}/facts`)
      .set('X-CSRF-Token', admin.token)
      .send(RFE_FACTS);
    expect(facts.status).toBe(200);
    processing = await newCase({ clientName: 'Priya Pending-Decision' }, 'processing');
    const approved = await newCase({ clientName: 'Omar Approved' }, 'processing', 'approved');
    const client = await post(attorney, '/clients', {
      firstName: 'Olena',
      lastName: 'Kovalenko',
      email: 'olena@example.net',
      phone: '(555) 010-2000',
      dateOfBirth: '1985-07-09',
      countryOfCitizenship: 'Ukraine',
      aNumber: null,
      address: '40 Elm Street, Yonkers, NY 10701',
    });
    lacking = await newCase({
      clientId: (client.body as ClientRecord).id,
      caseType: 'citizenship',
      formType: 'N-400',
    });

    // A receipt notice of the case, analysed: its page shows what was found, and offers its receipt number.
    const notice = await upload(attorney, await textPdf(RECEIPT_NOTICE), 'receipt-notice.pdf', {
      caseId: kase.id,
      category: 'correspondence',
    });
    expect(notice.status).toBe(201);
    expect((await analysed(attorney, notice.body.id)).status).toBe('done');

    const backup = await post(admin, '/backups');
    expect(backup.status).toBe(201);
    backupId = backup.body.id;
    const reports: string[] = [];
    for (const type of ['case-summary', 'financial-summary']) {
      const report = await post(admin, '/reports', { type, range: 'last-year' });
      expect(report.status).toBe(201);
      reports.push(report.body.id);
    }
    await waitFor(async () => {
      const made = await Promise.all(reports.map((id) => admin.agent.get(`/api/reports/${id}`)));
      return made.every((r) => r.body.status === 'done');
    }, 60_000);

    // Platform staff ask for an account in the firm: the administrator's review page.
    const requested = await post(staff, `/firms/${firmId}/users`, {
      userId: 'sam.requested',
      firstName: 'Sam',
      lastName: 'Requested',
      email: 'sam.requested@staff-controlled.example',
      role: 'user',
    });
    expect(requested.status).toBe(202);

    // A reset link and a firm's invitation, as emailed: their pages are scanned with real tokens.
    const { email: attorneyEmail, id: attorneyId } = await db
      .selectFrom('users')
      .select(['email', 'id'])
      .where('login_id', '=', 'attorney')
      .executeTakeFirstOrThrow();
    const forgot = await request(suite.t.app).post('/api/auth/password/forgot').send({ user_id: 'attorney' });
    expect(forgot.status).toBe(202);
    const resetPath = await emailedLink(attorneyEmail, /https?:\/\/\S+\/password\/reset\/[A-Za-z0-9_-]+/);
    const invited = await post(staff, '/firms', {
      name: 'Harbor Law Invited',
      contactPerson: 'Dana Lee Whitfield',
      contactRole: 'Managing Partner',
      email: 'dana@harbor-invited.example',
      phone: '+1 (555) 010-3000',
      industry: 'legal',
      address: '1 Pier Road, Boston, MA',
    });
    expect(invited.status).toBe(201);
    // 202: no mail server here, so the email is kept in the outbox, link and all.
    expect((await post(staff, `/firms/${invited.body.id}/invitations`)).status).toBe(202);
    const invitePath = await emailedLink(
      'dana@harbor-invited.example',
      /https?:\/\/\S+\/invite\/[A-Za-z0-9_-]+/,
    );
    inviteToken = invitePath.split('/').pop()!;

    // A firm with long names, whose tables must still read at a phone's width.
    longFirmId = (
      await db
        .insertInto('firms')
        .values({ ...LONG_FIRM, status: 'active' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await db
      .insertInto('users')
      .values({
        firm_id: longFirmId,
        login_id: 'maria.villanueva-castellanos.business-immigration',
        first_name: 'Maria-Alejandra',
        last_name: 'Villanueva-Castellanos',
        email: LONG_FIRM.email,
        role: 'admin',
        status: 'active',
        password_hash: '!invited',
      })
      .execute();

    const beneficiary = (await attorney.agent.get(`/api/cases/${kase.id}/parties`)).body[0];
    const questionnaire = await post(attorney, `/cases/${kase.id}/questionnaires`, {
      template: 'naturalization',
      partyId: beneficiary.id,
      language: 'es',
    });
    // The demo client's own matter and questionnaire (the portal's pages).
    const mine = await db
      .selectFrom('portal_accounts')
      .innerJoin('users', 'users.id', 'portal_accounts.user_id')
      .innerJoin('case_parties', 'case_parties.person_id', 'portal_accounts.person_id')
      .innerJoin('questionnaires', 'questionnaires.party_id', 'case_parties.id')
      .select(['questionnaires.case_id', 'questionnaires.id'])
      .where('users.login_id', '=', DEMO_LOGINS.client)
      .executeTakeFirstOrThrow();
    VALUES_OF = [
      [/\/portal\/matters\/:id/, [mine.case_id]],
      [/\/portal\/questionnaires\/:id/, [mine.id]],
      [/\/firms\/:id/, [firmId]],
      [/\/cases\/:id\/reopen/, [approved.id]],
      [/\/cases\/:id/, [kase.id]],
      [/\/clients\/:id/, [kase.client.id]],
      [/\/people\/:id\/edit\/:section/, SECTION_IDS.map((section) => `${kase.client.id}|${section}`)],
      [/\/people\/:id/, [kase.client.id]],
      [/\/questionnaires\/:id/, [questionnaire.body.id]],
      [/\/documents\/:id/, [notice.body.id]],
      [/\/users\/:id\/approval/, [requested.body.id]],
      [/\/users\/:id/, [attorneyId]],
      [/\/reports\/:id/, reports],
      [/\/backups\/:id/, [backup.body.id]],
      [/\/forms\/:id/, ['I-130']],
      [/\/settings\/:section/, [...SETTINGS_SECTIONS]],
      [/\/password\/reset\/:token/, [resetPath.split('/').pop()!]],
      [/\/invite\/:token/, [inviteToken]],
      // A calendar feed is a file, never a page: a made-up token answers 404.
      [/\/calendar\/:token/, ['no-such-token']],
    ];
  }, 180_000);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  /**
   * The page's first path in each area it is in (its other paths there are its forms' targets, showing the
   * same page), with its parameter filled with each real value of its kind.
   */
  function urlsOf(page: AnyPage): string[] {
    const paths = [page.path].flat();
    const firsts = paths.filter((p, i) => paths.findIndex((q) => areaOf(q) === areaOf(p)) === i);
    return firsts.flatMap((p) => {
      const param = /:(\w+)/.exec(p)?.[0];
      if (!param) return [p];
      const values = VALUES_OF.find(([pattern]) => pattern.test(p))?.[1];
      if (!values?.length || values.includes(''))
        throw new Error(`The walk cannot fill ${param} in ${p}: teach VALUES_OF its kind.`);
      return values.map((value) => {
        // Several parameters: their values in order, joined by '|'.
        const each = value.split('|');
        return p.replace(/:(\w+)/g, () => each.shift() ?? value);
      });
    });
  }

  describe('every declared page, signed out and signed in, as a role that may open it', () => {
    it.each(DECLARED_PAGES.map((page) => [[page.path].flat()[0], page] as const))(
      '%s',
      async (_path, declared) => {
        for (const url of urlsOf(declared))
          for (const role of ROLES) {
            const answer = await answerOf(live(role), url);
            if (answer.status !== 200) continue;
            if (!answer.type.startsWith('text/html')) {
              files.add(declared);
              continue;
            }
            covered.add(declared);
            const seen = `${role === 'anonymous' ? 'signed out' : 'signed in'} ${url}`;
            if (walked.has(seen)) continue;
            walked.add(seen);
            const pages = { live: live(role), served: walkedServed.has(url) ? undefined : served(role) };
            if (await scanState(`${role}: ${url}`, pages, (page) => go(page, url))) walkedServed.add(url);
          }
      },
      120_000,
    );
  });

  describe('public pages in their other states', () => {
    it('the Login modal open, then showing its error', async () => {
      const page = live('anonymous');
      await go(page, '/public');
      await (await control(page, 'Login', 'header')).click();
      await page.waitForSelector('dialog[open]', { visible: true });
      await expectAccessible(page, 'the Login modal');
      await fill(page, 'User ID', 'admin');
      await fill(page, 'Password', 'wrong');
      await (await control(page, 'Login', 'dialog[open] form')).click();
      await page.waitForSelector('dialog[open] [role=alert]', { visible: true });
      await expectAccessible(page, 'the Login modal with its error');
    });

    it.each(['/', '/public'])('the contact modal on %s open, then with field messages', async (at) => {
      const page = live('anonymous');
      await go(page, at);
      await (await control(page, 'Contact Us', 'main')).click();
      await page.waitForSelector('dialog#contact[open]', { visible: true });
      await expectAccessible(page, `the contact modal on ${at}`);
      await fill(page, 'Phone Number', '12');
      await fill(page, 'Email address', 'nope');
      await page.waitForSelector('dialog#contact .field-error');
      await expectAccessible(page, `the contact modal on ${at} with field messages`);
    });

    it('without JavaScript, the contact form shown as the #contact target', async () => {
      const page = served('anonymous');
      await go(page, '/public#contact');
      await page.waitForSelector('dialog#contact', { visible: true });
      expect(await page.$eval('dialog#contact', (d) => d.matches(':target:not([open])'))).toBe(true);
      await expectAccessible(page, '/public#contact without JavaScript');
    });

    it.each(['/public?contact=sent', '/health?check=database'])('%s', async (url) => {
      await scanState(url, browsers.get('anonymous')!, (page) => go(page, url));
    });

    it('the error pages: a case not found, another area’s page', async () => {
      // An error answers in place of the page at its address, which these scans do not cover.
      const uncovered = false;
      await scanState(
        'a case not found (404)',
        browsers.get('user')!,
        async (page) => {
          await go(page, `/user/cases/${crypto.randomUUID()}`);
          expect(await textOf(page, 'main h1')).toBe('Request not accepted');
        },
        uncovered,
      );
      await scanState(
        'another area’s page (403)',
        browsers.get('admin')!,
        async (page) => {
          await go(page, '/reti/actions');
          expect(await textOf(page, 'main h1')).toBe('This page is for Reti platform staff.');
        },
        uncovered,
      );
    });

    it('a new password refused as too weak', async () => {
      const url = urlsOf(declaredAt('/password/reset/x')[0])[0];
      await scanState('a reset link, too weak a password', browsers.get('anonymous')!, async (page) => {
        await go(page, url);
        await fill(page, 'New password', 'too-weak-1', 'main');
        await fill(page, 'Confirm new password', 'too-weak-1', 'main');
        const refused = await clickAndWait(page, await control(page, 'Set new password', 'main'));
        expect(refused?.status()).toBe(422);
      });
    });

    it('an invitation: a weak password refused, then the link once used', async () => {
      const url = `/invite/${inviteToken}`;
      const weak = async (page: Page) => {
        await go(page, url);
        await fill(page, 'User ID', 'dana.invited', 'main');
        await fill(page, 'Password', 'too-weak-1', 'main');
        await fill(page, 'Confirm password', 'too-weak-1', 'main');
        const refused = await clickAndWait(page, await control(page, 'Create account', 'main'));
        expect(refused?.status()).toBe(422);
      };
      await scanState('an invitation, too weak a password', browsers.get('anonymous')!, weak);
      const page = live('anonymous');
      await weak(page);
      await fill(page, 'Password', PASSWORD, 'main');
      await fill(page, 'Confirm password', PASSWORD, 'main');
      await clickAndWait(page, await control(page, 'Create account', 'main'));
      expect(pathOf(page)).toBe('/login');
      await scanState('an invitation once used', browsers.get('anonymous')!, async (p) => {
        expect((await go(p, url))?.status()).toBe(410);
      });
    });

    it('two-factor sign-in: its setup, a wrong code, the recovery codes, Account with it on, the code page', async () => {
      const db = suite.t.database.db;
      const { id: firmId } = await db
        .insertInto('firms')
        .values({
          name: 'Harbor Law Two-Factor',
          contact_person: 'Dana Whitfield',
          contact_role: 'Partner',
          email: 'office@harbor-mfa.example',
          phone: '+1 (555) 010-5000',
          status: 'active',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // A new firm requires two-factor sign-in of its administrators: the first sign-in sets it up.
      await createUsersService(db).create({
        firmId,
        loginId: 'dana.mfa',
        firstName: 'Dana',
        email: 'dana@harbor-mfa.example',
        role: 'admin',
        password: PASSWORD,
      });
      const { page } = await suite.open();
      const bare = await servedBeside(page);
      const pages = { live: page, served: bare };
      await logIn(page, 'dana.mfa', PASSWORD);
      expect(pathOf(page)).toBe('/login/mfa/setup');
      await scanState('the two-factor setup', pages, (p) => go(p, '/login/mfa/setup'));
      const secret = await textOf(page, '.totp-secret');
      await scanState('the two-factor setup, a wrong code', pages, async (p) => {
        await go(p, '/login/mfa/setup');
        await fill(p, 'Code from the app', wrongCode(secret), 'main');
        expect(
          (await clickAndWait(p, await control(p, 'Turn on two-factor sign-in', 'main')))?.status(),
        ).toBe(401);
      });
      await go(page, '/login/mfa/setup');
      await fill(page, 'Code from the app', totpCode(secret), 'main');
      await clickAndWait(page, await control(page, 'Turn on two-factor sign-in', 'main'));
      expect(pathOf(page)).toBe('/account/recovery-codes');
      await scanState('the recovery codes', pages, (p) => go(p, '/account/recovery-codes'));
      await scanState('the recovery codes’ print view', pages, (p) => go(p, '/account/recovery-codes/print'));
      await go(page, '/account/recovery-codes');
      await clickAndWait(page, await control(page, 'Continue', 'main'));
      expect(pathOf(page)).toBe('/admin/dashboard');
      await scanState('Account, two-factor sign-in on', pages, async (p) => {
        await go(p, '/account');
        expect(await textOf(p, 'main')).toContain('10 of 10 recovery codes left.');
      });

      await clickAndWait(page, await control(page, 'Logout', 'header'));
      await logIn(page, 'dana.mfa', PASSWORD);
      expect(pathOf(page)).toBe('/login/mfa');
      await scanState('the code page', pages, (p) => go(p, '/login/mfa'));
      await scanState('the code page, a wrong code', pages, async (p) => {
        await go(p, '/login/mfa');
        await fill(p, 'Code', wrongCode(secret), 'main');
        expect((await clickAndWait(p, await control(p, 'Verify', 'main')))?.status()).toBe(401);
      });
    }, 120_000);
  });

  describe("platform staff's pages in their other states", () => {
    const actionId = (name: string) => actionIdNamed(suite.t.database, name);

    /** Waits for the island's message about a change, and for the list it then fetches again. */
    const said = (page: Page, text: string) =>
      page.waitForFunction(
        (t) =>
          [...document.querySelectorAll('main p')].some((p) => p.textContent === t) &&
          !document.querySelector('.access-loading, table[aria-busy="true"]'),
        {},
        text,
      );

    it('Role Management: a row being edited, and a row saved with its outcome beside it', async () => {
      const id = await actionId('Get Firm');
      await scanState('a permission row in edit', browsers.get('reti')!, (page) =>
        go(page, `/reti/role-management?edit=${id}`),
      );
      const page = live('reti');
      await go(page, '/reti/role-management');
      await goLive(page);
      await (await control(page, 'Edit Delete Firm')).click();
      await page.waitForSelector('tr.is-editing');
      await (await control(page, 'Save Delete Firm')).click();
      await said(page, 'Permissions saved for Delete Firm.');
      await expectAccessible(page, 'a permission row saved');
    }, 120_000);

    it('Actions Management: the new action form, a delete to confirm', async () => {
      await scanState('the new action form', browsers.get('reti')!, (page) =>
        go(page, '/reti/actions?new=1'),
      );
      await go(live('reti'), `/reti/actions?delete=${await actionId('Get Firm')}`);
      await goLive(live('reti'));
      await expectAccessible(live('reti'), 'an action’s delete to confirm');
    }, 120_000);

    it('Actions Management, live: a refused new action, a toggle’s outcome, a delete’s message', async () => {
      const page = live('reti');
      await go(page, '/reti/actions');
      await goLive(page);
      await (await control(page, '+ Add New Action')).click();
      await page.waitForSelector('#action-form');
      await (await control(page, 'Add Action', '#action-form')).click();
      await page.waitForSelector('#action-form .field-error');
      await expectAccessible(page, 'a new action refused');

      const created = await post(staff, '/actions', {
        name: 'Get Zz Accessibility',
        category: 'Zz Tests',
        route: '/api/zz-accessibility',
        method: 'GET',
        description: 'A test action.',
        isActive: true,
      });
      expect(created.status).toBe(201);
      await go(page, '/reti/actions');
      await goLive(page);
      await (await control(page, 'Deactivate Get Zz Accessibility')).click();
      await said(page, 'Get Zz Accessibility is now inactive.');
      await expectAccessible(page, 'an action toggled');
      page.once('dialog', (dialog) => void dialog.accept());
      await (await control(page, 'Delete Get Zz Accessibility')).click();
      await said(page, 'Action deleted: Get Zz Accessibility.');
      await expectAccessible(page, 'an action deleted');
    }, 120_000);

    it("a firm's edit refused", async () => {
      const firmId = await demoFirmId(suite.t.database);
      await scanState('a firm’s edit refused', browsers.get('reti')!, async (page) => {
        await go(page, `/reti/firms/${firmId}/edit`);
        await fill(page, 'Phone', 'call me', 'main form');
        expect((await clickAndWait(page, await control(page, 'Save Changes', 'main form')))?.status()).toBe(
          422,
        );
      });
    });

    async function fillFirm(page: Page, name: string, phone: string) {
      await fill(page, 'Firm Name', name, 'main');
      await fill(page, 'Contact Person', 'Dana Lee Whitfield', 'main');
      await fill(page, 'Contact Role', 'Managing Partner', 'main');
      await fill(page, 'Email', `${name.toLowerCase().replace(/\W+/g, '.')}@harbor.example`, 'main');
      await fill(page, 'Phone', phone, 'main');
      await (await field(page, 'Industry', 'main')).select('legal');
      await fill(page, 'Address', '1 Pier Road, Boston, MA', 'main');
    }

    it('firm onboarding: a firm refused without JavaScript, then added and invited (with and without)', async () => {
      const bare = served('reti');
      await go(bare, '/reti/firm-onboard');
      await fillFirm(bare, 'Harbor Law Served', '12');
      expect((await clickAndWait(bare, await control(bare, 'Add Firm', 'main')))?.status()).toBe(422);
      await expectAccessible(bare, 'a firm refused, without JavaScript');
      await fill(bare, 'Phone', '(555) 010-4000', 'main');
      await clickAndWait(bare, await control(bare, 'Add Firm', 'main'));
      await clickAndWait(bare, await control(bare, 'Send Invitation', 'main'));
      // No mail server here: the flash says the email was kept in the outbox.
      expect(await textOf(bare, 'main .flash')).toContain('the invitation email was not sent');
      await expectAccessible(bare, 'a firm added and invited, without JavaScript');

      const page = live('reti');
      await go(page, '/reti/firm-onboard');
      await goLive(page);
      await fillFirm(page, 'Harbor Law Live', '+1 (555) 010-3000');
      await (await control(page, 'Add Firm', 'main')).click();
      await page.waitForSelector('.onboarding-form [role=status]');
      await (await control(page, 'Send Invitation', 'main')).click();
      // No mail server here: the outcome says the email was kept in the outbox.
      await page.waitForSelector('.onboarding-invite [role=status], .onboarding-invite [role=alert]');
      await expectAccessible(page, 'a firm added and invited');
    }, 120_000);

    it('the firms tables at a phone’s width, with long names', async () => {
      const page = live('reti');
      await page.setViewport({ width: 390, height: 900 });
      try {
        for (const url of ['/reti/dashboard', `/reti/firms/${longFirmId}`]) {
          await go(page, url);
          await expectAccessible(page, `${url} at 390 px`);
        }
      } finally {
        await page.setViewport({ width: 1280, height: 900 });
      }
    });
  });

  describe("a firm administrator's pages in their other states", () => {
    it('Settings: a refused field; the logo page with a logo', async () => {
      await scanState('a settings field refused', browsers.get('admin')!, async (page) => {
        await go(page, '/admin/settings/firm');
        await fill(page, 'ZIP', '123', 'main form');
        expect((await clickAndWait(page, await control(page, 'Save Changes', 'main form')))?.status()).toBe(
          422,
        );
      });
      const logo = path.join(dir, 'logo.svg');
      fs.writeFileSync(logo, LOGO_SVG);
      const page = live('admin');
      await go(page, '/admin/settings/appearance/logo');
      await ((await page.$('input[type=file][name=logo]')) as ElementHandle<HTMLInputElement>).uploadFile(
        logo,
      );
      await clickAndWait(page, await control(page, 'Upload logo'));
      await scanState('the logo page with a logo', browsers.get('admin')!, async (p) => {
        await go(p, '/admin/settings/appearance/logo');
        expect(await p.$('.logo-preview img')).not.toBeNull();
      });
    }, 120_000);

    it('User Management: a search, a refused new user, their own edit page', async () => {
      await scanState('users found', browsers.get('admin')!, async (page) => {
        await go(page, '/admin/users?q=admin&role=admin&status=active');
        expect(await textOf(page, 'table caption')).toBe('Users matching the search');
      });
      await scanState('a new user refused', browsers.get('admin')!, async (page) => {
        await go(page, '/admin/users');
        await fill(page, 'First Name', 'Omar', '#add-user form');
        await fill(page, 'Last Name', '  ', '#add-user form');
        await fill(page, 'Email', 'omar@firm', '#add-user form');
        expect((await clickAndWait(page, await control(page, 'Add User', '#add-user form')))?.status()).toBe(
          422,
        );
      });
      const { id } = await suite.t.database.db
        .selectFrom('users')
        .select('id')
        .where('login_id', '=', 'admin')
        .executeTakeFirstOrThrow();
      await scanState('their own edit page', browsers.get('admin')!, async (page) => {
        await go(page, `/admin/users/${id}/edit`);
        expect(await textOf(page, 'main')).toContain('You cannot change your own role.');
      });
    }, 120_000);

    it('Data Cleanup with something to remove, then done', async () => {
      const firmId = await demoFirmId(suite.t.database);
      for (const hours of [1, 30])
        await sql`INSERT INTO invitations (firm_id, email, token_hash, expires_at)
          VALUES (${firmId}, 'gone@demo.example', ${crypto.randomBytes(16).toString('hex')},
                  now() - make_interval(hours => ${hours}))`.execute(suite.t.database.db);
      const page = live('admin');
      await go(page, '/admin/cleanup');
      expect(await textOf(page, '.cleanup-form p')).toBe('2 items can be removed. This cannot be undone.');
      await expectAccessible(page, 'cleanup with something to remove');
      await clickAndWait(page, await control(page, 'Clean Up Now', 'main'));
      expect(await textOf(page, 'main .flash')).toBe('Cleanup done: 2 expired invitations removed.');
      await expectAccessible(page, 'cleanup done');
    });

    it('Reports at a phone’s width', async () => {
      const page = live('admin');
      await page.setViewport({ width: 390, height: 844 });
      try {
        await go(page, '/admin/reports');
        await expectAccessible(page, '/admin/reports at 390 px');
      } finally {
        await page.setViewport({ width: 1280, height: 900 });
      }
    });

    it('Cases: a refused new case, without JavaScript', async () => {
      const page = served('admin');
      await go(page, '/admin/cases');
      await fill(page, 'Client Name', '  ', '#create-case form');
      await page.select('#create-caseType', 'visa');
      await page.select('#create-formType', 'I-485');
      await clickAndWait(page, await control(page, 'Create Case', '#create-case form'));
      expect(await textOf(page, '#create-clientName-error')).toBe('Client name is required');
      await expectAccessible(page, 'a new case refused, without JavaScript');
    });

    it('Documents of a case that has none', async () => {
      await scanState('documents of a case, none', browsers.get('admin')!, async (page) => {
        await go(page, `/admin/documents?caseId=${processing.id}`);
        expect(await textOf(page, 'table tbody')).toContain('No documents match the search.');
      });
    });
  });

  describe("an attorney's pages in their other states", () => {
    it('the cases list, live: a refused move said in place', async () => {
      const stale = await newCase({ clientName: 'Stella Stale' });
      const page = live('user');
      await go(page, '/user/cases?q=Stella+Stale');
      await goLive(page);
      for (const status of ['processing', 'approved'])
        await admin.agent.patch(`/api/cases/${stale.id}`).set('X-CSRF-Token', admin.token).send({ status });
      await (await control(page, `Process ${stale.caseNumber}`, 'table')).click();
      await page.waitForFunction(() =>
        document.querySelector('.cases-messages')?.textContent?.includes('cannot be moved'),
      );
      await expectAccessible(page, 'a refused move in the list');
    });

    it("a case's page: its facts saved; a decision to confirm; a move refused", async () => {
      await scanState('a case page, its facts saved', browsers.get('user')!, async (page) => {
        await go(page, `/user/ai/cases/${kase.id}/facts`);
        await fill(page, 'Sponsor household size', '3', 'main form');
        await fill(
          page,
          'Sponsor household total income ($ a year, not adjusted gross income)',
          '48,500',
          'main form',
        );
        await clickAndWait(page, await control(page, 'Save the facts', 'main form'));
        expect(await textOf(page, 'main')).toContain(`The facts of case ${kase.caseNumber} were saved.`);
      });
      await scanState('a decision to confirm', browsers.get('user')!, (page) =>
        go(page, `/user/cases/${processing.id}/decide?to=approved`),
      );
      await scanState('a case page, a move refused', browsers.get('user')!, async (page) => {
        expect((await go(page, `/user/cases/${kase.id}/decide?to=approved`))?.status()).toBe(409);
      });
    });

    it('Import Cases: the refused rows', async () => {
      let n = 0;
      await scanState('import, refused rows', browsers.get('user')!, async (page) => {
        const file = path.join(dir, `mixed-${++n}.csv`);
        fs.writeFileSync(
          file,
          [
            'Client Name,Case Type,Form Type,Due Date',
            `Ines Carvalho${n},family,I-130,12/01/2026`,
            `Omar Haddad${n},boat,I-130,12/01/2026`,
          ].join('\n'),
        );
        await go(page, '/user/cases/import');
        await (await page.$('#import-mode-valid-rows'))!.click();
        await ((await page.$('#import-file')) as ElementHandle<HTMLInputElement>).uploadFile(file);
        await clickAndWait(page, await control(page, 'Import Cases', 'main form'));
        expect(await textOf(page, 'main .alert')).toBe('Imported 1 case. 1 row was not imported.');
      });
    });

    it("AI Tools: a case's deadlines, refused facts, a calendar address; a case's checks", async () => {
      const user = browsers.get('user')!;
      const deadlines = `/user/ai/deadlines?case=${kase.id}&asOf=2026-11-20`;
      await scanState('a case’s deadlines', user, (page) => go(page, deadlines));
      await scanState('deadlines, facts refused', user, async (page) => {
        await go(page, '/user/ai/deadlines');
        await page.select('#deadlines-facts-noticeType', 'RFE');
        await page.$eval(
          '#deadlines-facts-noticeDate',
          (e) => ((e as HTMLInputElement).value = '2026-11-02'),
        );
        await fill(page, 'Response period (days)', 'twelve', '.ai-facts-form');
        await page.select('#deadlines-facts-servedByMail', 'yes');
        expect((await clickAndWait(page, await control(page, 'Calculate deadlines')))?.status()).toBe(422);
      });
      await scanState('the calendar address, shown once', user, async (page) => {
        await go(page, '/user/ai/deadlines');
        // An address shown once already (the live page's): revoked first, to be given a new one.
        const revoke = await control(page, 'Revoke the address', '#calendar').catch(() => undefined);
        if (revoke) await clickAndWait(page, revoke);
        await clickAndWait(page, await control(page, 'Subscribe', '#calendar'));
        expect(await textOf(page, '#calendar')).toContain('Copy it now: it is shown only this once.');
      });
      await scanState('a case’s checks', user, async (page) => {
        await go(page, `/user/ai/compliance?case=${kase.id}`);
        expect(await textOf(page, '#answer')).toMatch(
          /\d+ passed · \d+ failed · \d+ warnings? · \d+ unknown/,
        );
      });
    }, 120_000);

    it('Forms: a group to generate, and its problems to correct', async () => {
      const user = browsers.get('user')!;
      await scanState('a group’s forms', user, (page) =>
        go(page, '/user/forms/generate?group=naturalization'),
      );
      await scanState('forms with problems', user, async (page, javaScript) => {
        await go(page, '/user/forms/generate?group=naturalization');
        await chooseCase(page, '.uscis-generate-page', lacking.caseNumber, lacking, javaScript);
        expect((await clickAndWait(page, (await page.$('main form button.btn-primary'))!))?.status()).toBe(
          422,
        );
        expect(await textOf(page, 'main')).toMatch(/\d+ problems to correct/);
      });
    }, 120_000);

    it('Documents, live: files uploading and refused; the evidence picker with a case chosen', async () => {
      const page = live('user');
      await go(page, '/user/documents');
      await goLive(page);
      await chooseCase(page, '.upload-form', lacking.caseNumber, lacking, true);
      const exe = renamedExecutable();
      const chosen = [
        ['letter.pdf', await textPdf(['A letter about the case'])],
        [exe.name, exe.data],
      ] as const;
      for (const [name, data] of chosen) fs.writeFileSync(path.join(dir, name), data);
      const input = await page.waitForSelector('input.upload-input[multiple]');
      await input!.uploadFile(...chosen.map(([name]) => path.join(dir, name)));
      await page.waitForSelector('.upload-refused');
      await page.waitForSelector('.upload-done', { timeout: 60_000 });
      await expectAccessible(page, 'files uploaded and refused');

      await go(page, '/user/documents/evidence');
      await goLive(page);
      await chooseCase(page, '.evidence-case', kase.caseNumber, kase, true);
      await expectAccessible(page, 'the evidence picker, a case chosen');
    }, 120_000);

    it('the evidence package of a case', async () => {
      await scanState('a case’s evidence', browsers.get('user')!, (page) =>
        go(page, `/user/documents/evidence?case=${kase.id}`),
      );
    });
  });

  // Last: a restore adds a firm.
  it("a restored firm's administrator: the Restore Check", async () => {
    const archive = path.join(dir, 'backup.tar.gz');
    const download = await admin.agent.get(`/api/backups/${backupId}/download`).responseType('blob');
    fs.writeFileSync(archive, download.body as Buffer);
    const started = await staff.agent
      .post('/api/restores')
      .set('X-CSRF-Token', staff.token)
      .attach('file', archive);
    expect(started.status).toBe(202);
    let restore = started.body;
    await waitFor(async () => {
      restore = (await staff.agent.get(`/api/restores/${started.body.id}`)).body;
      return restore.status !== 'queued' && restore.status !== 'running';
    }, 120_000);
    expect(restore.status).toBe('restored');
    // Its administrator was emailed a link to choose a password.
    const mail = await suite.t.database.db
      .selectFrom('outbox')
      .select('text_body')
      .where('firm_id', '=', restore.firm.id)
      .execute();
    const token = /\/password\/reset\/([A-Za-z0-9_-]+)/.exec(
      mail.find((m) => m.text_body.includes('user ID admin-restored'))!.text_body,
    )![1];
    const reset = await request(suite.t.app)
      .post('/api/auth/password/reset')
      .send({ token, password: PASSWORD });
    expect(reset.status).toBe(200);
    const { page } = await suite.open();
    await logIn(page, 'admin-restored', PASSWORD);
    await scanState('the Restore Check', { live: page, served: await servedBeside(page) }, async (p) => {
      await go(p, '/admin/restore');
      expect(await textOf(p, 'main h1')).toBe('Restore Check');
    });
  }, 180_000);

  it('the scan itself finds what is wrong: an image without a text alternative, a field without a label', async () => {
    const { page } = await suite.open();
    await page.setContent(
      '<!doctype html><html lang="en"><title>Control</title><main><h1>Control</h1>' +
        '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><input type="text"></main></html>',
    );
    const found = (await axeViolations(page)).map((v) => v.split(' ')[0]);
    expect(found).toEqual(expect.arrayContaining(['image-alt', 'label']));
  });

  it('scanned every declared page', () => {
    const missed = DECLARED_PAGES.filter((p) => !covered.has(p) && !files.has(p)).map(
      (p) => [p.path].flat()[0],
    );
    expect(missed.sort()).toEqual([...NO_PAGE].sort());
  });
});
