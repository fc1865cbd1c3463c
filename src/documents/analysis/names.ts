/**
 * People's names as documents label them, and whether two spellings are the same person's name: order,
 * accents, capitals, middle names and a second surname do not make a different name.
 */

/** Joining words inside names ("María de la Cruz", "Ludwig van Beethoven"). */
const PARTICLES = new Set([
  'de',
  'del',
  'dela',
  'delos',
  'la',
  'las',
  'los',
  'y',
  'e',
  'da',
  'das',
  'do',
  'dos',
  'van',
  'von',
  'der',
  'den',
  'di',
  'du',
  'le',
  'al',
  'el',
  'bin',
  'ibn',
]);

/** Capitalised words that follow a label but are not a name ("Applicant Information", "Name and Address"). */
const NOT_NAME_WORDS = new Set(
  `information signature statement certification certificate name names address mailing date number section part
  page form type status contact details data declaration interpreter preparer use only see attached same above
  none unknown employer company street city state country zip code birth place sex gender male female id ssn
  social security receipt case notice petition application alien relative beneficiary applicant petitioner
  employee taxpayer spouse father mother nationality citizenship passport dob age telephone phone email
  description title position department office signed sign here print account bank total amount pay period
  registered registrado inscrito fecha nacimiento lugar sexo domicilio and or the of for to in on at by with
  physical home work daytime mobile family last first middle given other full legal current relationship
  representative attorney accredited organization school county province apt suite floor retirement income
  benefits plan surname surnames apellido apellidos nombre nombres primer segundo paterno materno
  plaintiff defendant respondent`
    .split(/\s+/)
    .filter(Boolean),
);

/** Words that make a run of capitalised words a firm's or an institution's name, not a person's. */
const ORGANIZATION_WORDS = new Set(
  `inc incorporated llc llp lp ltd limited corp corporation company plc pllc gmbh group holdings industries
  enterprises associates partners partnership solutions services systems technologies technology software
  construction logistics medical hospital clinic center university college institute foundation bank
  savings credit union insurance consulting international restaurant agency`
    .split(/\s+/)
    .filter(Boolean),
);

function plain(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** A name's word for comparing: its letters without accents or capitals, and which of them bore an accent. */
type Token = { text: string; accented: boolean[] };

function tokensOf(name: string): Token[] {
  return name
    .normalize('NFC')
    .split(/[^\p{L}\p{M}]+/u)
    .map((word) => {
      const letters = [...word].map((c) => ({ text: plain(c), accented: c.charCodeAt(0) > 0x7f }));
      return {
        text: letters.map((l) => l.text).join(''),
        accented: letters.flatMap((l) => [...l.text].map(() => l.accented)),
      };
    })
    .filter((t) => t.text.length > 1 && !PARTICLES.has(t.text));
}

/** A name's words, for comparing: accents and capitals gone, joining words and initials left out. */
export function nameTokens(name: string): string[] {
  return tokensOf(name).map((t) => t.text);
}

/** Shorter words than this must agree letter for letter: "Gómez" and "Gámez" are two names. */
const MIN_SLIP_LENGTH = 6;

/**
 * The same word, or the same but for OCR's reading of an accented letter: "Hernédndez" for "Hernández",
 * "Castafieda" for "Castañeda". The words (of six letters or more) differ in one place only, by at most two
 * letters on either side, and that place holds an accented letter in one of them; "Hernández" and
 * "Fernández" stay two names.
 */
function sameToken(a: Token, b: Token): boolean {
  if (a.text === b.text) return true;
  if (Math.min(a.text.length, b.text.length) < MIN_SLIP_LENGTH) return false;
  let start = 0;
  while (start < a.text.length && start < b.text.length && a.text[start] === b.text[start]) start++;
  let end = 0;
  while (
    end < a.text.length - start &&
    end < b.text.length - start &&
    a.text[a.text.length - 1 - end] === b.text[b.text.length - 1 - end]
  )
    end++;
  const [aEnd, bEnd] = [a.text.length - end, b.text.length - end];
  if (aEnd - start > 2 || bEnd - start > 2) return false;
  // The differing letters, and one either side (where an accent may have slipped to).
  const accentNear = (t: Token, to: number) => t.accented.slice(Math.max(0, start - 1), to + 1).some(Boolean);
  return accentNear(a, aEnd) || accentNear(b, bEnd);
}

/**
 * The same person's name: at least two words in common (one, if either name has only one word). "María
 * Elena García López" and "GARCIA, MARIA" agree; "Maria Garcia" and "Maria Lopez" do not. So does a
 * client's name all of whose words the document's holds ("Andrés Moreno" in "Andrés Moreno Moreno").
 */
export function sameName(a: string, b: string): boolean {
  const distinct = (tokens: Token[]) =>
    tokens.filter((t, i) => tokens.findIndex((u) => u.text === t.text) === i);
  const left = distinct(tokensOf(a));
  const right = distinct(tokensOf(b));
  if (!left.length || !right.length) return false;
  const common = right.filter((t) => left.some((u) => sameToken(u, t))).length;
  return common >= Math.min(2, left.length, right.length);
}

/**
 * The name-like words at the start of `value` (what follows a label): words that each begin with a
 * capital (joining words aside), up to six, up to the first word that is not part of a name. One comma
 * may stand inside ("GARCIA LOPEZ, MARIA ELENA"). None when they name an organization.
 */
export function nameWords(value: string): string {
  const words: string[] = [];
  let commas = 0;
  for (const raw of value.trim().split(/\s+/)) {
    const word = raw.replace(/[,;:.]+$/, '');
    const isParticle = words.length > 0 && PARTICLES.has(word.toLowerCase());
    const isName = /^\p{Lu}[\p{L}'-]*$/u.test(word) && !NOT_NAME_WORDS.has(plain(word));
    if (!isParticle && !isName) break;
    // "EMPIRE CONSTRUCTION GROUP", "Hudson Valley Medical Center": an employer, not a person.
    if (isName && ORGANIZATION_WORDS.has(plain(word))) return '';
    const comma = raw.endsWith(',');
    if (comma) commas++;
    words.push(comma && commas === 1 ? `${word},` : word);
    // A second comma, or a full stop after a word (not an initial), ends the name.
    if ((comma && commas > 1) || (raw.endsWith('.') && word.length > 1) || words.length === 6) break;
  }
  while (words.length && PARTICLES.has(words[words.length - 1].replace(/,$/, '').toLowerCase())) words.pop();
  return words.join(' ').replace(/,$/, '');
}

/** A full name (two words or more) at the start of `value`, or undefined. */
export function leadingName(value: string): string | undefined {
  const name = nameWords(value);
  return nameTokens(name).length >= 2 ? name : undefined;
}
