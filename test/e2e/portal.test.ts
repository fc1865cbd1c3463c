import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'puppeteer';
import { sampleAnswers } from '../../src/intake/demo';
import { TEMPLATES } from '../../src/intake/templates';
import type { Person } from '../../src/shared/people';
import { DEMO_PASSWORD, signIn, type SignedIn } from '../helpers/app';
import { textPdf } from '../helpers/files';
import { inviteLink } from '../helpers/smtp';
import {
  axeViolations,
  clickAndWait,
  control,
  e2eSuite,
  islandHydrated,
  pathOf,
  screenshot,
  textOf,
} from './support';

const PASSWORD = 'Portal-Walk-Pass-2026!';
const PHONE = { width: 390, height: 844 };

/**
 * The client portal in Chromium, as its clients use it: on a phone, with and without JavaScript, in
 * Spanish and in English. A client accepts their invitation, answers their family-based questionnaire,
 * uploads the document asked of them and writes to the firm; then the attorney accepts the answers and
 * finds them on the person's page.
 */
describe('the client portal in the browser', () => {
  const suite = e2eSuite({ smtp: true });
  let attorney: SignedIn;
  let n = 0;

  const api = {
    get: (path: string) => attorney.agent.get(`/api${path}`),
    post: (path: string, body: object = {}) =>
      attorney.agent.post(`/api${path}`).set('X-CSRF-Token', attorney.token).send(body),
  };

  beforeAll(async () => {
    attorney = await signIn(suite.t.app, 'attorney');
  });

  /** A family matter for a new client who reads `language`, sent a questionnaire and asked for a document. */
  async function matterFor(language: 'en' | 'es') {
    const i = ++n;
    const person = (
      await api.post('/people', {
        familyName: `Condori${i}`,
        givenName: 'Ana',
        email: `ana${i}@walk.example`,
        language,
        confirmNew: true,
      })
    ).body as Person;
    const caseId = (await api.post('/cases', { clientId: person.id, caseType: 'family', formType: 'I-130' }))
      .body.id as string;
    const parties = (await api.get(`/cases/${caseId}/parties`)).body as Array<{ id: string; role: string }>;
    const q = await api.post(`/cases/${caseId}/questionnaires`, {
      template: 'family',
      partyId: parties.find((p) => p.role === 'beneficiary')!.id,
      send: true,
    });
    expect(q.status).toBe(201);
    const asked = await api.post(`/cases/${caseId}/document-requests`, { title: 'Passport biographic page' });
    expect(asked.status).toBe(201);
    const email = await suite.smtp.waitFor((e) => e.to.includes(person.email!) && inviteLink(e.text) !== '');
    return {
      person,
      caseId,
      questionnaireId: q.body.id as string,
      link: new URL(inviteLink(email.text)).pathname,
    };
  }

  async function phonePage(javaScript: boolean): Promise<Page> {
    const { page } = await suite.open({ javaScript });
    await page.setViewport(PHONE);
    return page;
  }

  /** Accepts the invitation on its page, then signs in on /login as a person would. */
  async function acceptAndSignIn(
    page: Page,
    link: string,
    loginId: string,
    words: { create: string; login: string },
  ) {
    await page.goto(`${suite.url}${link}`);
    await page.type('#invite-password', PASSWORD);
    await page.type('#invite-confirm', PASSWORD);
    await clickAndWait(page, await control(page, words.create, 'main'));
    expect(pathOf(page)).toBe('/login');
    expect(await textOf(page, 'main')).toContain(words.login);
    await page.type('#login-user', loginId);
    await page.type('#login-password', PASSWORD);
    await clickAndWait(page, await control(page, 'Login', 'main form'));
    expect(pathOf(page)).toBe('/portal');
  }

  /** The page has no horizontal scroll at phone width. */
  const fitsThePhone = async (page: Page) =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  it('in Spanish without JavaScript: accept, answer, upload, write; then the attorney accepts the answers', async () => {
    const { person, caseId, questionnaireId, link } = await matterFor('es');
    const page = await phonePage(false);
    await acceptAndSignIn(page, link, `ana${n}`, {
      create: 'Crear mi cuenta',
      login: 'Su cuenta está lista. Inicie sesión con su usuario y contraseña.',
    });
    expect(await textOf(page, 'main')).toContain('Sus asuntos');
    expect(await page.$eval('html', (e) => e.lang)).toBe('es');
    await fitsThePhone(page);
    await screenshot(page, 'portal-home-es-phone');

    // The matter, in plain words.
    await clickAndWait(page, (await page.$(`a[href="/portal/matters/${caseId}"]`))!);
    const matter = await textOf(page, 'main');
    expect(matter).toContain('Estamos reuniendo su información y sus documentos.');
    expect(matter).toContain('Esperando sus respuestas');
    await fitsThePhone(page);
    expect(await axeViolations(page)).toEqual([]);

    // The questionnaire: a refused answer shows its message in Spanish, and what was typed stays.
    await clickAndWait(page, await control(page, 'Comenzar', 'main'));
    expect(pathOf(page)).toBe(`/portal/questionnaires/${questionnaireId}`);
    await page.type('#q-familyName', 'Condori Mamani');
    await page.type('#q-givenName', 'Ana');
    await page.type('#q-aNumber', 'A12');
    await clickAndWait(page, await control(page, 'Guardar', 'main'));
    expect(await textOf(page, '#q-aNumber-error')).toBe(
      'Escriba los 8 o 9 dígitos del Número A, con o sin la A (por ejemplo, A123456789).',
    );
    expect(await page.$eval('#q-familyName', (e) => (e as HTMLInputElement).value)).toBe('Condori Mamani');
    await page.$eval('#q-aNumber', (e) => ((e as HTMLInputElement).value = ''));
    await page.type('#q-aNumber', 'A123456789');
    await page.select('#q-sex', 'female');
    await clickAndWait(page, await control(page, 'Guardar y continuar', 'main'));
    expect(await textOf(page, 'main')).toContain('Sus respuestas se guardaron.');
    await fitsThePhone(page);
    await screenshot(page, 'portal-questionnaire-es-phone');
    // The other sections are long: the rest is answered as a client's browser would post it, then submitted here.
    const client = await signIn(suite.t.app, `ana${n}`, PASSWORD);
    const rest = sampleAnswers(TEMPLATES.get('family')!, 'beneficiary', {
      familyName: 'Condori Mamani',
      givenName: 'Ana',
      aNumber: 'A123456789',
      sex: 'female',
    });
    const saved = await client.agent
      .post(`/api/portal/questionnaires/${questionnaireId}/answers`)
      .set('X-CSRF-Token', client.token)
      .send({ answers: rest });
    expect(saved.status).toBe(200);
    await page.reload();
    const last = await page.$$eval(
      '.questionnaire-steps a',
      (links) => (links.at(-1) as HTMLAnchorElement).href,
    );
    await page.goto(last);
    await clickAndWait(page, await control(page, 'Enviar para revisión', 'main'));
    expect(pathOf(page)).toBe(`/portal/matters/${caseId}`);
    expect(await textOf(page, 'main')).toContain('Sus respuestas se enviaron. Su abogado las revisará.');

    // The requested document, sent with the plain form.
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'portal-')), 'pasaporte.pdf');
    fs.writeFileSync(file, await textPdf(['PASSPORT', 'CONDORI MAMANI ANA']));
    const input = (await page.$('.request-upload input[type="file"]'))!;
    await input.uploadFile(file);
    await clickAndWait(page, await control(page, 'Enviar el documento', 'main'));
    expect(pathOf(page)).toBe(`/portal/matters/${caseId}#requests`);
    const afterUpload = await textOf(page, 'main');
    expect(afterUpload).toContain('Su documento se envió. Su abogado lo revisará.');
    expect(afterUpload).toContain('Archivo enviado: pasaporte.pdf');

    // A message to the firm (an empty one is the browser's to refuse: the field is required).
    await page.type('#message-body', '¿Necesitan también mi acta de matrimonio?');
    await clickAndWait(page, await control(page, 'Enviar mensaje', 'main'));
    expect(await textOf(page, '.message-thread')).toContain('¿Necesitan también mi acta de matrimonio?');
    await screenshot(page, 'portal-matter-es-phone');

    // The language switch, kept on the person.
    await clickAndWait(page, await control(page, 'View in English', 'header'));
    expect(pathOf(page)).toBe(`/portal/matters/${caseId}`);
    expect(await textOf(page, 'main')).toContain('Where your case stands');
    expect((await api.get(`/people/${person.id}`)).body.language).toBe('en');

    // The attorney: the answers beside the record, accepted, then on the person's page.
    const firm = await suite.open({ javaScript: true });
    await firm.page.goto(`${suite.url}/login`);
    await firm.page.type('#login-user', 'attorney');
    await firm.page.type('#login-password', DEMO_PASSWORD);
    await clickAndWait(firm.page, await control(firm.page, 'Login', 'main form'));
    await firm.page.goto(`${suite.url}/user/questionnaires/${questionnaireId}`);
    expect(await textOf(firm.page, 'main')).toContain('Condori Mamani');
    await clickAndWait(firm.page, await control(firm.page, 'Accept Answers', 'main'));
    await firm.page.goto(`${suite.url}/user/people/${person.id}`);
    const record = await textOf(firm.page, 'main');
    expect(record).toContain('Condori Mamani');
    expect(record).toContain('A123456789');
    // The message and the upload are on the case's Client Portal page.
    await firm.page.goto(`${suite.url}/user/cases/${caseId}/portal`);
    const portal = await textOf(firm.page, 'main');
    expect(portal).toContain('¿Necesitan también mi acta de matrimonio?');
    expect(portal).toContain('pasaporte.pdf');
  });

  it('in English with JavaScript: the upload shows its progress and the page then shows it sent', async () => {
    const { caseId, link } = await matterFor('en');
    const page = await phonePage(true);
    await acceptAndSignIn(page, link, `ana${n}`, {
      create: 'Create My Account',
      login: 'Your account is ready. Log in with your user ID and password.',
    });
    expect(await textOf(page, 'main')).toContain('Your matters');
    await page.goto(`${suite.url}/portal/matters/${caseId}`);
    await islandHydrated(page, '.request-upload input[type="file"]');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'portal-')), 'passport.pdf');
    fs.writeFileSync(file, await textPdf(['PASSPORT']));
    await (await page.$('.request-upload input[type="file"]'))!.uploadFile(file);
    // The bar may come and go within a few milliseconds here (the page reloads once the file is kept): an
    // observer set before the click tells whether it was shown.
    let sawProgress = false;
    await page.exposeFunction('sawProgress', () => (sawProgress = true));
    await page.evaluate(() =>
      new MutationObserver(() => {
        if (document.querySelector('.request-upload progress'))
          (window as unknown as { sawProgress(): void }).sawProgress();
      }).observe(document.body, { subtree: true, childList: true }),
    );
    await Promise.all([page.waitForNavigation(), (await control(page, 'Send the Document', 'main')).click()]);
    expect(sawProgress).toBe(true);
    const text = await textOf(page, 'main');
    expect(text).toContain('Sent: your attorney is reviewing it');
    expect(text).toContain('File sent: passport.pdf');
    await page.type('#message-body', 'Sent it from my phone.');
    await clickAndWait(page, await control(page, 'Send Message', 'main'));
    expect(await textOf(page, '.message-thread')).toContain('Sent it from my phone.');
    await fitsThePhone(page);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'portal-matter-en-phone');
  });
});
