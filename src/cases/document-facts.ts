/**
 * The facts of a person a document gives (a passport's number, country, expiry, birth date and sex; an
 * I-94's record; a green card's A-Number and birth date), and which of a case's people it is about: the one
 * whose family and first given name it carries, when exactly one does.
 */
import countries from 'i18n-iso-countries';
import english from 'i18n-iso-countries/langs/en.json';
import type { DocumentFields, DocumentType, PassportZone } from '../shared/documents';
import type { I94Record, Passport, Person, Sex } from '../shared/people';

countries.registerLocale(english);

export type DocumentPersonFacts = {
  dateOfBirth?: string;
  sex?: Sex;
  aNumber?: string;
  passport?: Passport;
  i94?: I94Record;
};

/** An ICAO 9303 state code as a country's name: "MEX" → "Mexico"; Germany's one letter "D" too. */
function countryOf(code: string | null | undefined): string | undefined {
  const alpha3 = code === 'D' ? 'DEU' : code?.replace(/<+$/, '');
  const alpha2 = alpha3 && countries.alpha3ToAlpha2(alpha3);
  return (alpha2 && countries.getName(alpha2, 'en')) || undefined;
}

/** The zone's sex, as the zone reader gives it ("female") or as printed ("F"). */
const SEX: Record<string, Sex> = { M: 'male', F: 'female', male: 'male', female: 'female' };

/** A zone is relied on only when every check digit agreed. */
const trusted = (zone: PassportZone | undefined) => (zone?.valid ? zone : undefined);

/** The person's facts one analyzed document gives; none for a document of another kind. */
export function personFactsOf(type: DocumentType, fields: DocumentFields): DocumentPersonFacts {
  if (type === 'passport') {
    const zone = trusted(fields.passportZone);
    const number = zone?.documentNumber ?? fields.passportNumber;
    const country = countryOf(zone?.issuingState);
    return {
      ...(zone?.birthDate ? { dateOfBirth: zone.birthDate } : {}),
      ...(zone?.sex && SEX[zone.sex] ? { sex: SEX[zone.sex] } : {}),
      ...(number && country
        ? {
            passport: {
              number,
              country,
              issued: null,
              expires: zone?.expirationDate ?? fields.expirationDate ?? null,
            },
          }
        : {}),
    };
  }
  if (type === 'i94' && fields.i94Number)
    return {
      i94: {
        number: fields.i94Number,
        admitUntil: fields.admitUntil ?? null,
        classOfAdmission: fields.classOfAdmission ?? null,
      },
    };
  if (type === 'green-card') {
    const zone = trusted(fields.cardZone);
    const birth = zone?.birthDate ?? fields.birthDate;
    return {
      ...(birth ? { dateOfBirth: birth } : {}),
      ...(fields.uscisNumber ? { aNumber: fields.uscisNumber } : {}),
      ...(zone?.sex && SEX[zone.sex] ? { sex: SEX[zone.sex] } : {}),
    };
  }
  return {};
}

/** Letters only, upper case, accents dropped: "Hernández" and "HERNANDEZ" are one name. */
const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .split(/[^A-Z]+/)
    .filter(Boolean);

/**
 * The names a document carries, each as its family words and its given words: a zone says which are which;
 * a name read from the text does not, so either may be either.
 */
function namesOn(fields: DocumentFields): Array<{ family: string[]; given: string[] }> {
  const zone = trusted(fields.passportZone) ?? trusted(fields.cardZone);
  return [
    // The zone's first given name is the one a person's first given name must be ("MARIA JOSE" is María).
    ...(zone?.surname
      ? [{ family: plain(zone.surname), given: plain(zone.givenNames ?? '').slice(0, 1) }]
      : []),
    ...fields.names.map((name) => ({ family: plain(name), given: plain(name) })),
  ];
}

/**
 * The one person among a case's people the document names (family name and first given name both on it);
 * none when no one, or more than one, is named: a fact is never given to the wrong person.
 */
export function personNamedIn<P extends Pick<Person, 'familyName' | 'givenName'>>(
  people: P[],
  fields: DocumentFields,
): P | undefined {
  const names = namesOn(fields);
  const named = people.filter((p) => {
    const family = plain(p.familyName);
    const given = plain(p.givenName ?? '')[0];
    return (
      family.length > 0 &&
      given !== undefined &&
      names.some((n) => family.every((w) => n.family.includes(w)) && n.given.includes(given))
    );
  });
  return named.length === 1 ? named[0] : undefined;
}
