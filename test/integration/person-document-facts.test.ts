import type { Person } from '../../src/shared/people';
import {
  apiAs,
  BACKENDS,
  DEMO_LOGINS,
  signIn,
  type SignedIn,
  startTestApp,
  type TestApp,
  visibleText,
} from '../helpers/app';
import { analysed, upload } from '../helpers/documents';
import { passportMrzLines, textPdf } from '../helpers/files';

/** A passport's data page as a text PDF: its printed names and its machine-readable zone. */
async function passportPdf(p: {
  surname: string;
  givenNames: string;
  number: string;
  birth: string;
  sex: 'F' | 'M';
}) {
  const [line1, line2] = passportMrzLines({
    surname: p.surname,
    givenNames: p.givenNames,
    documentNumber: p.number,
    nationality: 'JOR',
    birthDate: p.birth,
    expirationDate: '2031-02-20',
    sex: p.sex,
  });
  return textPdf([
    'HASHEMITE KINGDOM OF JORDAN',
    'PASSPORT',
    `Surname: ${p.surname.toUpperCase()}`,
    `Given names: ${p.givenNames.toUpperCase()}`,
    line1,
    line2,
  ]);
}

describe.each(BACKENDS)("facts read from a document reach the matter's people on %s", (backend) => {
  let t: TestApp;
  let attorney: SignedIn;

  beforeAll(async () => {
    t = await startTestApp({ backend });
    attorney = await signIn(t.app, DEMO_LOGINS.user);
  });
  afterAll(() => t?.close());

  /** A case whose client is the person named, with their record as given. */
  async function caseOf(clientName: string, person: Partial<Person> = {}) {
    const created = await apiAs(attorney).post('/cases', {
      clientName,
      caseType: 'family',
      formType: 'I-130',
    });
    expect(created.status).toBe(201);
    const personId = created.body.client.id as string;
    if (Object.keys(person).length)
      expect((await apiAs(attorney).patch(`/people/${personId}`, person)).status).toBe(200);
    return { caseId: created.body.id as string, personId };
  }
  const personOf = async (id: string) => (await apiAs(attorney).get(`/people/${id}`)).body as Person;
  async function uploaded(caseId: string, pdf: Buffer, name: string, type = 'passport') {
    const res = await upload(attorney, pdf, name, { caseId });
    expect(res.status).toBe(201);
    expect((await analysed(attorney, res.body.id)).type).toBe(type);
    return res.body.id as string;
  }

  it('gives the person a passport names its number, country, expiry, birth date and sex, each from it', async () => {
    const { caseId, personId } = await caseOf('Noor Haddad');
    const pdf = await passportPdf({
      surname: 'Haddad',
      givenNames: 'Noor',
      number: 'X12345678',
      birth: '1991-04-09',
      sex: 'F',
    });
    const documentId = await uploaded(caseId, pdf, 'noor-passport.pdf');
    const person = await personOf(personId);
    expect(person).toMatchObject({
      dateOfBirth: '1991-04-09',
      sex: 'female',
      passport: { number: 'X12345678', country: 'Jordan', issued: null, expires: '2031-02-20' },
    });
    const source = { documentId, name: 'noor-passport.pdf' };
    expect(person.factSources).toEqual({ dateOfBirth: source, sex: source, passport: source });
    const page = await attorney.agent.get(`/user/people/${personId}`);
    expect(visibleText(page.text)).toContain('Read from noor-passport.pdf');
    expect(page.text).toContain(`href="/user/documents/${documentId}"`);

    // Typed again by a person, the fact is theirs: its source goes.
    const typed = await apiAs(attorney).patch(`/people/${personId}`, { dateOfBirth: '1991-04-10' });
    expect(typed.status).toBe(200);
    expect(typed.body.factSources).toEqual({ sex: source, passport: source });
  });

  it('never replaces a fact on record, and gives nothing to a person the document does not name', async () => {
    const { caseId, personId } = await caseOf('Omar Said', { dateOfBirth: '1990-01-01' });
    const his = await passportPdf({
      surname: 'Said',
      givenNames: 'Omar',
      number: 'K77777777',
      birth: '1991-02-02',
      sex: 'M',
    });
    await uploaded(caseId, his, 'omar-passport.pdf');
    const person = await personOf(personId);
    expect(person.dateOfBirth).toBe('1990-01-01');
    expect(person.passport?.number).toBe('K77777777');
    expect(Object.keys(person.factSources).sort()).toEqual(['passport', 'sex']);

    const other = await caseOf('Leila Nasser');
    const hers = await passportPdf({
      surname: 'Haddad',
      givenNames: 'Rania',
      number: 'R55555555',
      birth: '1985-05-05',
      sex: 'F',
    });
    await uploaded(other.caseId, hers, 'rania-passport.pdf');
    expect(await personOf(other.personId)).toMatchObject({
      passport: null,
      dateOfBirth: null,
      factSources: {},
    });
  });

  it('gives the person a green card names its A-Number and birth date, and its page shows what the card says', async () => {
    const { caseId, personId } = await caseOf('María Elena García López');
    const card = await textPdf([
      'UNITED STATES OF AMERICA',
      'PERMANENT RESIDENT',
      'Surname',
      'GARCIA LOPEZ',
      'Given Name',
      'MARIA ELENA',
      'USCIS#        Category',
      '123-456-789   CR1',
      'Country of Birth',
      'Mexico',
      'Date of Birth        Sex',
      '15 MAY 1990          F',
      'Card Expires         Resident Since',
      '01/15/2027           01/15/2025',
    ]);
    const documentId = await uploaded(caseId, card, 'green-card.pdf', 'green-card');
    expect(await personOf(personId)).toMatchObject({ aNumber: 'A123456789', dateOfBirth: '1990-05-15' });
    const page = visibleText((await attorney.agent.get(`/user/documents/${documentId}`)).text);
    expect(page).toContain('USCIS Number A123456789');
    expect(page).toContain('Category CR1 (conditional resident: two years)');
    expect(page).toContain('Resident Since 01/15/2025');
    expect(page).toContain('Card Expires 01/15/2027');
    // The conditional card's expiry reaches the docket: the I-751 window, from this card.
    const docket = (await apiAs(attorney).get(`/deadlines?caseId=${caseId}`)).body.items as Array<{
      title: string;
      date: string;
      source: { kind: string; documentId?: string };
    }>;
    expect(docket.find((d) => d.title === 'Form I-751 filing window opens')).toMatchObject({
      date: '2026-10-17',
      source: { kind: 'document', documentId },
    });
  });
});
