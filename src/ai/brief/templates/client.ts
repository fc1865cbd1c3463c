/**
 * Letters to the client, in the client's language (English or Spanish): plain words, no citations, no
 * exhibit letters. The checklist letter says which documents we still need and which we have; the RFE
 * letter says what USCIS asked for and what we need from the client to answer it. The rules behind them go
 * on the review sheet, for the attorney.
 */
import { formatDate } from '../../../shared/dates';
import { type Language, type Person, UNIT_TYPE_LABELS } from '../../../shared/people';
import { type Composer, closing } from '../compose';
import { documentsAnswering, evidenceOf, plainWordsOf } from '../evidence';
import type { Block } from '../model';
import { noticeOnFile } from './notice';

/** What each form is, in plain words. */
const FORMS: Record<string, Record<Language, string>> = {
  'I-90': {
    en: 'application to renew or replace your green card (Form I-90)',
    es: 'solicitud para renovar o reemplazar su tarjeta de residente (Formulario I-90)',
  },
  'I-129F': { en: 'fiancé(e) petition (Form I-129F)', es: 'petición de prometido(a) (Formulario I-129F)' },
  'I-130': { en: 'petition for a relative (Form I-130)', es: 'petición de familiar (Formulario I-130)' },
  'I-131': {
    en: 'application for a travel document (Form I-131)',
    es: 'solicitud de documento de viaje (Formulario I-131)',
  },
  'I-140': {
    en: 'immigrant petition for a worker (Form I-140)',
    es: 'petición de inmigrante para un trabajador (Formulario I-140)',
  },
  'I-485': {
    en: 'application for a green card (Form I-485)',
    es: 'solicitud de residencia permanente (Formulario I-485)',
  },
  'I-589': { en: 'application for asylum (Form I-589)', es: 'solicitud de asilo (Formulario I-589)' },
  'I-751': {
    en: 'petition to remove the conditions on your residence (Form I-751)',
    es: 'petición para eliminar las condiciones de su residencia (Formulario I-751)',
  },
  'I-765': {
    en: 'application for a work permit (Form I-765)',
    es: 'solicitud de permiso de trabajo (Formulario I-765)',
  },
  'I-864': {
    en: 'affidavit of support (Form I-864)',
    es: 'declaración jurada de patrocinio (Formulario I-864)',
  },
  'N-400': {
    en: 'application for citizenship (Form N-400)',
    es: 'solicitud de ciudadanía (Formulario N-400)',
  },
};

/** Each checklist item in plain words, by its id. */
const ITEMS: Record<string, Record<Language, string>> = {
  identity: { en: 'Your passport', es: 'Su pasaporte' },
  relationship: {
    en: 'Your marriage certificate, or the birth certificate that shows the family relationship',
    es: 'Su acta de matrimonio, o el acta de nacimiento que muestra el parentesco',
  },
  'bona-fide-marriage': {
    en: 'Proof of your life together, such as joint bank statements or joint tax returns',
    es: 'Pruebas de su vida en común, como estados de cuenta o declaraciones de impuestos conjuntos',
  },
  birth: { en: 'Your birth certificate', es: 'Su acta de nacimiento' },
  admission: { en: 'Your I-94 arrival record', es: 'Su registro de entrada I-94' },
  'underlying-petition': {
    en: 'The USCIS notice for the petition filed for you',
    es: 'El aviso de USCIS de la petición presentada a su favor',
  },
  'tax-return': {
    en: 'Your sponsor’s most recent federal tax return or IRS transcript',
    es: 'La declaración de impuestos federales más reciente de su patrocinador, o la transcripción del IRS',
  },
  'current-income': {
    en: 'Recent pay stubs or a letter from your employer',
    es: 'Talones de pago recientes o una carta de su empleador',
  },
  eligibility: {
    en: 'The USCIS receipt notice of the application your work permit depends on',
    es: 'El aviso de recibo de USCIS de la solicitud de la que depende su permiso de trabajo',
  },
  'pending-application': {
    en: 'The USCIS receipt notice of your pending application',
    es: 'El aviso de recibo de USCIS de su solicitud pendiente',
  },
  'job-offer': {
    en: 'A letter from the employer about the job offer and your experience',
    es: 'Una carta del empleador sobre la oferta de trabajo y su experiencia',
  },
  'ability-to-pay': {
    en: 'The employer’s federal tax returns',
    es: 'Las declaraciones de impuestos federales del empleador',
  },
  marriage: { en: 'Your marriage certificate', es: 'Su acta de matrimonio' },
  'joint-life': {
    en: 'Proof of your life together, such as joint bank statements or joint tax returns',
    es: 'Pruebas de su vida en común, como estados de cuenta o declaraciones de impuestos conjuntos',
  },
  'green-card': {
    en: 'A copy of both sides of your green card',
    es: 'Una copia de ambos lados de su tarjeta de residente',
  },
};

const WORDS = {
  en: {
    dear: (name: string) => `Dear ${name},`,
    checklistIntro: (form: string, due: string | null) =>
      `We are preparing your ${form}. To file it, we need the documents listed below. Please send us copies as soon as you can${due ? `, and no later than ${due}` : ''}.`,
    stillNeed: 'Documents we still need',
    have: 'Documents we already have',
    noneNeeded: 'None: we have every document on our list for this form.',
    noneYet: 'None of these documents is in your file yet.',
    help: 'If you have questions, or cannot find one of these documents, please call us: we will help you find another way to show the same thing.',
    rfeIntro: (form: string, dated: string | null, due: string | null) =>
      `USCIS has asked for more evidence before it decides your ${form}${dated ? `. Its letter is dated ${dated}` : ''}.${due ? ` USCIS must receive our answer by ${due}.` : ''}`,
    rfeNeed: 'What we need from you',
    rfeHave: 'What we already have',
    asWritten: (item: string) => `“${item}” (as USCIS wrote it)`,
    rfeAllHere:
      'We have a document for each thing USCIS asked for. We will review them and tell you if we need anything else.',
    rfeSend:
      'Please send us what is on this list as soon as you can, so that we have time to prepare the answer.',
    sincerely: 'Sincerely,',
  },
  es: {
    dear: (name: string, sex?: Person['sex']) =>
      `${sex === 'female' ? 'Estimada' : sex === 'male' ? 'Estimado' : 'Estimado(a)'} ${name}:`,
    checklistIntro: (form: string, due: string | null) =>
      `Estamos preparando su ${form}. Para presentarla, necesitamos los documentos de la lista. Envíenos copias lo antes posible${due ? ` y a más tardar el ${due}` : ''}.`,
    stillNeed: 'Documentos que todavía necesitamos',
    have: 'Documentos que ya tenemos',
    noneNeeded: 'Ninguno: tenemos todos los documentos de nuestra lista para este formulario.',
    noneYet: 'Todavía no tenemos ninguno de estos documentos en su expediente.',
    help: 'Si tiene preguntas, o no encuentra alguno de estos documentos, llámenos: le ayudaremos a encontrar otra manera de demostrar lo mismo.',
    rfeIntro: (form: string, dated: string | null, due: string | null) =>
      `USCIS pidió más pruebas antes de decidir su ${form}${dated ? `. Su carta tiene fecha del ${dated}` : ''}.${due ? ` USCIS debe recibir nuestra respuesta a más tardar el ${due}.` : ''}`,
    rfeNeed: 'Lo que necesitamos de usted',
    rfeHave: 'Lo que ya tenemos',
    asWritten: (item: string) => `“${item}” (en palabras de USCIS, en inglés)`,
    rfeAllHere:
      'Tenemos un documento para cada cosa que pidió USCIS. Los revisaremos y le avisaremos si necesitamos algo más.',
    rfeSend:
      'Envíenos lo que está en esta lista lo antes posible, para tener tiempo de preparar la respuesta.',
    sincerely: 'Atentamente,',
  },
} as const;

function plainForm(c: Composer, form: string): string {
  const known = FORMS[form]?.[c.m.language];
  if (known) return known;
  c.assume(`Form ${form} has no plain-words name here: the letter names it by its number.`);
  return c.m.language === 'es' ? `Formulario ${form}` : `Form ${form}`;
}

/** Where the client gets mail: their current address's lines, else the one line their record holds. */
function mailingAddress(p: Person): string[] {
  const current = p.addresses.find((a) => !a.to && a.kind === 'mailing') ?? p.addresses.find((a) => !a.to);
  if (!current) return p.address ? [p.address] : [];
  const unit = current.unitNumber
    ? ` ${current.unitType ? UNIT_TYPE_LABELS[current.unitType] : ''} ${current.unitNumber}`.replace(
        /\s+/g,
        ' ',
      )
    : '';
  return [
    `${current.street}${unit}`,
    `${current.city}${current.state ? `, ${current.state}` : ''}${current.zip ? ` ${current.zip}` : ''}`,
  ];
}

/** The letter's head: the client's name and address, the date, the greeting. */
function head(c: Composer): Block[] {
  const { m } = c;
  const address = mailingAddress(m.client);
  if (!address)
    c.miss('The client’s mailing address: it is not on their record; the letter is addressed by name only.');
  return [
    { type: 'paragraph', text: [m.client.name, ...address].join('\n') },
    { type: 'paragraph', text: formatDate(m.asOf) },
    { type: 'paragraph', text: WORDS[m.language].dear(m.client.name, m.client.sex) },
  ];
}

const foot = (c: Composer, help: string): Block[] => [
  ...c.para('help', 'Closing words', help),
  closing(c.m, WORDS[c.m.language].sincerely),
];

export function checklistBlocks(c: Composer): Block[] {
  const { m } = c;
  const w = WORDS[m.language];
  const form = m.kase.formType;
  const items = m.checklist(form);
  if (items.length === 0)
    c.miss(`The rules library has no evidence checklist for Form ${form}: write the list in the text.`);
  const evidence = evidenceOf(m.documents);
  const rows = items.map((item) => {
    c.cite(item.rule);
    const docs = evidence.filter((d) => d.type !== null && item.documentTypes.includes(d.type));
    const words = ITEMS[item.id]?.[m.language];
    if (!words)
      c.assume(`“${item.title}” has no plain-words version here: the letter uses the checklist’s words.`);
    return { words: words ?? item.title, docs };
  });
  const missing = rows.filter((r) => r.docs.length === 0);
  const have = rows.filter((r) => r.docs.length > 0);
  const due = m.kase.dueDate ? formatDate(m.kase.dueDate) : null;
  return [
    ...head(c),
    ...c.para('introduction', 'Introduction', w.checklistIntro(plainForm(c, form), due), [due]),
    { type: 'heading', text: w.stillNeed },
    missing.length
      ? { type: 'list', items: missing.map((r) => r.words) }
      : { type: 'paragraph', text: w.noneNeeded },
    { type: 'heading', text: w.have },
    have.length
      ? { type: 'list', items: have.map((r) => `${r.words} (${r.docs.map((d) => d.name).join(', ')})`) }
      : { type: 'paragraph', text: w.noneYet },
    ...foot(c, w.help),
  ];
}

export function clientRfeBlocks(c: Composer): Block[] {
  const { m } = c;
  const w = WORDS[m.language];
  const notice = noticeOnFile(c, 'rfe');
  const form = notice?.form ?? m.kase.formType;
  const evidence = evidenceOf(m.documents);
  const items = (notice?.items ?? []).map((item) => {
    const plain = plainWordsOf(item, m.language);
    if (plain.length === 0)
      c.assume(`“${item.slice(0, 80)}” has no plain-words version here: the letter quotes USCIS’s words.`);
    return {
      words: plain.length ? plain : [w.asWritten(item)],
      answered: documentsAnswering(item, evidence).length > 0,
    };
  });
  const need = items.filter((i) => !i.answered).flatMap((i) => i.words);
  const have = items.filter((i) => i.answered).flatMap((i) => i.words);
  const dated = notice?.noticeDate ? formatDate(notice.noticeDate) : null;
  const due = notice?.dueDate ? formatDate(notice.dueDate) : null;
  return [
    ...head(c),
    ...c.para('introduction', 'Introduction', w.rfeIntro(plainForm(c, form), dated, due), [dated, due]),
    ...(need.length
      ? [
          { type: 'heading', text: w.rfeNeed } as Block,
          { type: 'list', items: [...new Set(need)] } as Block,
          ...c.para('send', 'What to do', w.rfeSend),
        ]
      : items.length
        ? c.para('all-here', 'Everything is here', w.rfeAllHere)
        : []),
    ...(have.length
      ? [{ type: 'heading', text: w.rfeHave } as Block, { type: 'list', items: [...new Set(have)] } as Block]
      : []),
    ...foot(c, w.help),
  ];
}
