/**
 * Which of a case's documents answer what: a notice's requested item, a bona fide marriage category. Only
 * what the document analysis read decides (its type, the form it is); a document's name decides only where
 * the analysis has no type for it (a lease, an affidavit, photographs). Nothing here writes a conclusion.
 */
import type { DocumentRecord, DocumentType } from '../../shared/documents';
import type { Language } from '../../shared/people';

/** USCIS's own notices: never evidence of a filing, and on top of a response, not among its exhibits. */
export const NOTICE_TYPES: readonly DocumentType[] = [
  'i797-receipt',
  'i797-approval',
  'i797-rfe',
  'i797-transfer',
  'uscis-noid',
  'uscis-denial',
];

export const isNotice = (d: DocumentRecord) => d.type !== null && NOTICE_TYPES.includes(d.type);

/** The documents that can be evidence: analyzed, not a notice, not the firm's own brief. */
export const evidenceOf = (documents: DocumentRecord[]) =>
  documents.filter((d) => d.category !== 'legal-brief' && !isNotice(d));

/** A kind of evidence a notice asks for, how a document shows it, and its name in plain words. */
type EvidenceKind = {
  id: string;
  /** The words of a requested item that ask for it. */
  asks: RegExp;
  /** The document types that show it, and the USCIS forms (a document analyzed as that form). */
  types?: DocumentType[];
  forms?: string[];
  /** Documents the analysis has no type for, by words of their name. */
  named?: RegExp;
  plain: Record<Language, string>;
};

const KINDS: EvidenceKind[] = [
  {
    id: 'medical',
    asks: /\bI-693\b|medical exam/i,
    forms: ['I-693'],
    named: /\bI-?693\b|medical/i,
    plain: {
      en: 'Your medical exam (Form I-693) from a USCIS civil surgeon',
      es: 'Su examen médico (Formulario I-693) hecho por un médico civil autorizado por USCIS',
    },
  },
  {
    id: 'tax',
    asks: /tax return|tax transcript|\bW-2\b|\b1040\b|\bIRS\b/i,
    types: ['tax-return'],
    // Whose return (the applicant's, a sponsor's) the item itself says: the words name no one.
    plain: {
      en: 'A federal tax return or IRS tax transcript for the most recent year',
      es: 'Una declaración de impuestos federales o la transcripción del IRS del año más reciente',
    },
  },
  {
    id: 'i94',
    asks: /\bI-94\b|arrival.departure record/i,
    types: ['i94'],
    plain: { en: 'Your I-94 arrival record', es: 'Su registro de entrada I-94' },
  },
  {
    id: 'passport',
    asks: /passport/i,
    types: ['passport'],
    plain: { en: 'Your passport', es: 'Su pasaporte' },
  },
  {
    id: 'birth',
    asks: /birth certificate/i,
    types: ['birth-certificate'],
    plain: { en: 'Your birth certificate', es: 'Su acta de nacimiento' },
  },
  {
    id: 'marriage',
    asks: /marriage certificate|proof of (the )?marriage/i,
    types: ['marriage-certificate'],
    plain: { en: 'Your marriage certificate', es: 'Su acta de matrimonio' },
  },
  {
    id: 'divorce',
    asks: /divorce|annulment|termination of (any )?prior marriage/i,
    types: ['divorce-decree'],
    plain: {
      en: 'Proof that any earlier marriage ended (divorce decree)',
      es: 'Prueba de que terminó cualquier matrimonio anterior (sentencia de divorcio)',
    },
  },
  {
    id: 'pay',
    asks: /pay ?stubs?|pay statements?/i,
    types: ['pay-stub'],
    plain: { en: 'Your most recent pay stubs', es: 'Sus talones de pago más recientes' },
  },
  {
    id: 'employment-letter',
    asks: /letter from (the |your )?employer|employment (verification )?letter|employer.{0,20}letterhead/i,
    types: ['employment-letter'],
    plain: { en: 'A letter from your employer', es: 'Una carta de su empleador' },
  },
  {
    id: 'bank',
    asks: /bank statements?|joint (bank )?accounts?|commingl/i,
    types: ['bank-statement'],
    plain: {
      en: 'Bank statements (joint accounts, if you have them)',
      es: 'Estados de cuenta bancarios (de cuentas conjuntas, si las tienen)',
    },
  },
  {
    id: 'residence',
    asks: /\blease\b|mortgage|\bdeed\b|joint (residence|tenancy)/i,
    named: /lease|mortgage|deed|rental/i,
    plain: { en: 'Your lease, mortgage or deed', es: 'Su contrato de alquiler, hipoteca o escritura' },
  },
  {
    id: 'photos',
    asks: /photo/i,
    named: /photo/i,
    plain: {
      en: 'Photographs of you together over time',
      es: 'Fotos de ustedes juntos a lo largo del tiempo',
    },
  },
  {
    id: 'affidavit',
    asks: /affidavit(?! of support)/i,
    named: /affidavit(?! of support)/i,
    plain: {
      en: 'Letters (affidavits) from people who know you as a couple',
      es: 'Cartas (declaraciones juradas) de personas que los conocen como pareja',
    },
  },
  {
    id: 'affidavit-of-support',
    asks: /\bI-864\b|affidavit of support/i,
    forms: ['I-864'],
    plain: {
      en: 'The affidavit of support (Form I-864), signed by the sponsor',
      es: 'La declaración jurada de patrocinio (Formulario I-864), firmada por el patrocinador',
    },
  },
  {
    id: 'green-card',
    asks: /permanent resident card|green card|\bI-551\b/i,
    types: ['green-card'],
    plain: { en: 'Both sides of your green card', es: 'Ambos lados de su tarjeta de residente permanente' },
  },
  {
    id: 'work-permit',
    asks: /employment authorization|\bEAD\b|\bI-766\b/i,
    types: ['ead-card'],
    plain: { en: 'Both sides of your work permit', es: 'Ambos lados de su permiso de trabajo' },
  },
];

const shows = (kind: EvidenceKind, d: DocumentRecord) =>
  Boolean(
    (d.type && kind.types?.includes(d.type)) ||
    (d.type === 'uscis-form' && d.fields?.formNumber && kind.forms?.includes(d.fields.formNumber)) ||
    ((d.type === null || d.type === 'other' || d.type === 'uscis-form') && kind.named?.test(d.name)),
  );

/**
 * The kinds of evidence a requested item asks for (none: the words are not ones we know). A form named in
 * parentheses is context ("a tax transcript … (Form I-864)"), not what is asked, unless nothing else is.
 */
export const kindsAskedBy = (item: string) => {
  const asked = KINDS.filter((k) => k.asks.test(item.replace(/\([^)]*\)/g, '')));
  return asked.length ? asked : KINDS.filter((k) => k.asks.test(item));
};

/** The documents, of those given, that show evidence a requested item asks for, in their order. */
export const documentsAnswering = (item: string, documents: DocumentRecord[]) => {
  const kinds = kindsAskedBy(item);
  return documents.filter((d) => kinds.some((k) => shows(k, d)));
};

/** A requested item in plain words for the client: the kinds it asks for, or none we know. */
export const plainWordsOf = (item: string, language: Language) =>
  kindsAskedBy(item).map((k) => k.plain[language]);

/**
 * The categories of evidence of a bona fide marriage, in the order of 8 CFR 204.2(a)(1)(iii)(B) (property
 * and residence, finances, children, affidavits, other), each with the documents that show it.
 */
export const MARRIAGE_CATEGORIES = [
  { id: 'residence', title: 'Joint residence and property', paragraph: '(1), (2)', kinds: ['residence'] },
  { id: 'finances', title: 'Commingled finances', paragraph: '(3)', kinds: ['bank', 'tax'] },
  { id: 'children', title: 'Children born to the marriage', paragraph: '(4)', kinds: ['birth'] },
  {
    id: 'affidavits',
    title: 'Affidavits of people who know the couple',
    paragraph: '(5)',
    kinds: ['affidavit'],
  },
  { id: 'other', title: 'Other evidence of a shared life', paragraph: '(6)', kinds: ['photos'] },
] as const;

export const documentsOfKinds = (kinds: readonly string[], documents: DocumentRecord[]) =>
  documents.filter((d) => KINDS.some((k) => kinds.includes(k.id) && shows(k, d)));
