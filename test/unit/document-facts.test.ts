import { personFactsOf, personNamedIn } from '../../src/cases/document-facts';
import type { DocumentFields, PassportZone } from '../../src/shared/documents';

const zone = (over: Partial<PassportZone> = {}): PassportZone => ({
  documentNumber: 'X12345678',
  surname: 'HERNANDEZ LOPEZ',
  givenNames: 'MARIA JOSE',
  nationality: 'MEX',
  issuingState: 'MEX',
  birthDate: '1990-03-04',
  sex: 'female',
  expirationDate: '2031-02-20',
  valid: true,
  invalidFields: [],
  ...over,
});
const fields = (over: Partial<DocumentFields> = {}): DocumentFields => ({
  names: [],
  dates: [],
  receiptNumbers: [],
  aNumbers: [],
  ...over,
});

describe("a document's facts of a person", () => {
  test('a passport whose zone agrees: its number, issuing country by name, expiry, birth date and sex', () => {
    expect(personFactsOf('passport', fields({ passportZone: zone() }))).toEqual({
      dateOfBirth: '1990-03-04',
      sex: 'female',
      passport: { number: 'X12345678', country: 'Mexico', issued: null, expires: '2031-02-20' },
    });
    // Germany's one-letter code in the zone.
    expect(
      personFactsOf('passport', fields({ passportZone: zone({ issuingState: 'D' }) })).passport?.country,
    ).toBe('Germany');
  });

  test('a zone whose check digits fail gives nothing: a misread birth date is never recorded', () => {
    expect(
      personFactsOf('passport', fields({ passportZone: zone({ valid: false }), passportNumber: 'X1' })),
    ).toEqual({});
  });

  test("an I-94's record, and a green card's A-Number and birth date", () => {
    expect(
      personFactsOf('i94', fields({ i94Number: '123456789A1', admitUntil: 'D/S', classOfAdmission: 'F1' })),
    ).toEqual({ i94: { number: '123456789A1', admitUntil: 'D/S', classOfAdmission: 'F1' } });
    expect(
      personFactsOf('green-card', fields({ uscisNumber: 'A123456789', birthDate: '1988-07-01' })),
    ).toEqual({
      dateOfBirth: '1988-07-01',
      aNumber: 'A123456789',
    });
    expect(personFactsOf('tax-return', fields({ names: ['Maria Hernandez'] }))).toEqual({});
  });

  test('the person is the one whose family and first given name the document carries, accents aside', () => {
    const maria = { familyName: 'Hernández López', givenName: 'María' };
    const jose = { familyName: 'Hernández', givenName: 'José' };
    const doc = fields({ passportZone: zone() });
    expect(personNamedIn([jose, maria], doc)).toBe(maria);
    // Two people the document could be about: it is given to neither.
    expect(personNamedIn([maria, { ...maria }], doc)).toBeUndefined();
    expect(personNamedIn([jose], doc)).toBeUndefined();
    expect(personNamedIn([jose], fields({ names: ['JOSE HERNANDEZ'] }))).toBe(jose);
  });
});
