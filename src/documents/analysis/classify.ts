/**
 * What kind of document a text is, by scored rules: each type has signals (phrases, and fields already
 * read), each signal a weight. The type with the highest score wins; its confidence grows with its score
 * (strength) and with its lead over the runner-up (margin); its evidence is the signals that matched,
 * quoted as found. Deterministic: ties go to the type listed first.
 */
import type { DocumentType, NoticeType } from '../../shared/documents';

type Signal = { pattern: RegExp; weight: number };
const s = (pattern: RegExp, weight: number): Signal => ({ pattern, weight });

/** The USCIS forms the analysis names, with their titles as the forms print them. */
export const USCIS_FORMS: Record<string, RegExp> = {
  'I-130A': /Supplemental Information for Spouse Beneficiary/i,
  'I-130': /Petition for Alien Relative/i,
  'I-485': /Application to Register Permanent Residence or Adjust Status/i,
  'I-765': /Application for Employment Authorization/i,
  'I-864': /Affidavit of Support Under Section 213A/i,
  'N-400': /Application for Naturalization/i,
  'I-131': /Application for Travel Documents?\b/i,
  'I-751': /Petition to Remove Conditions on Residence/i,
  'I-589': /Application for Asylum and for Withholding of Removal/i,
  'I-140': /Immigrant Petition for Alien Workers?/i,
  'I-90': /Application to Replace Permanent Resident Card/i,
  'I-129F': /Petition for Alien Fianc[eé]\(?e?\)?/i,
};
const FORM_NUMBER = /\b(I-130A|I-129F|I-\d{2,3}|N-400)\b/g;

/** The document type of each kind of notice: I-797 forms, and USCIS's letters of intent and decision. */
const NOTICE_DOCUMENT_TYPES: Record<NoticeType, DocumentType> = {
  receipt: 'i797-receipt',
  approval: 'i797-approval',
  rfe: 'i797-rfe',
  transfer: 'i797-transfer',
  noid: 'uscis-noid',
  denial: 'uscis-denial',
};

/** Signals every I-797 Notice of Action shares. */
const NOTICE_SIGNALS: Signal[] = [
  s(/\bI-797[A-E]?\b/, 4),
  s(/\bNotice of Action\b/i, 4),
  s(/\bNotice Date\b/i, 1.5),
  s(/\bNotice Type\b/i, 1.5),
  s(/\bReceipt Number\b/i, 1.5),
  s(/\bReceived Date\b/i, 1),
  s(/\bCase Type\b/i, 1),
];

/** What tells the kinds of notice apart. */
const NOTICE_KINDS: Record<NoticeType, Signal[]> = {
  receipt: [
    s(/\bReceipt Notice\b/i, 4),
    s(/\bNotice Type:?\s*Receipt\b/i, 2),
    s(/\b(?:we|USCIS) (?:have |has )?received your\b/i, 2),
    s(/\bI-797C\b/, 1),
  ],
  approval: [
    s(/\bApproval Notice\b/i, 4),
    s(/\bNotice Type:?\s*Approval\b/i, 2),
    s(/\b(?:petition|application|request) (?:has been|was|is) approved\b/i, 3),
    s(/\bI-797[AB]\b/, 3),
  ],
  rfe: [
    s(/\bRequest for (?:Additional )?Evidence\b/i, 5),
    s(/\bI-797E\b/, 3),
    s(/\bRFE\b/, 2),
    s(/\b(?:submit|send) the (?:requested )?(?:evidence|information)\b/i, 1.5),
  ],
  noid: [s(/\bNotice of Intent to Deny\b/i, 7), s(/\bintends? to deny\b/i, 3), s(/\bNOID\b/, 2)],
  denial: [
    s(/\b(?:Notice of Denial|Denial Notice)\b/i, 5),
    s(/\b(?:application|petition|request|appeal)\s+(?:is|has been|was)\s+(?:hereby\s+)?denied\b/i, 5),
    s(/\bwe (?:must |hereby )?deny\b/i, 3),
    s(/\bI-292\b/, 2),
  ],
  transfer: [
    s(/\bTransfer Notice\b/i, 5),
    s(/\bNotice Type:?\s*Transfer\b/i, 2),
    s(/\b(?:has been|was|have|has) transferred\b/i, 3),
  ],
};

/** What a green card and a work permit both print under "UNITED STATES OF AMERICA": their titles tell them apart. */
const CARD_SIGNALS: Signal[] = [
  s(/\bCard Expires\b/i, 1.5),
  s(/\bUSCIS ?#/i, 1.5),
  s(/\bCategory\b/i, 0.5),
  s(/\bUnited States of America\b/i, 0.5),
];

/** The other types' signals. Field-based signals (a passport zone, a receipt number) are added in `classify`. */
const TYPE_SIGNALS: Partial<Record<DocumentType, Signal[]>> = {
  passport: [
    s(/\bPassport\b/i, 2),
    s(/\bPassport (?:No\.?|Number|#)/i, 2),
    s(/\bPasaporte\b|\bPasseport\b|\bReisepass\b|\bPassaporte\b/i, 2),
    s(/\bDate of (?:Expiry|Expiration)\b/i, 1.5),
    s(/\bDate of Issue\b/i, 1),
    s(/\bSurname\b/i, 1),
    s(/\bGiven Names?\b/i, 1),
    s(/\bNationality\b|\bNacionalidad\b/i, 1),
  ],
  i94: [
    s(/\bI-94\b/, 2),
    s(/\bArrival[/-]Departure Record\b/i, 3),
    s(/\bAdmit Until Date\b/i, 3),
    s(/\bMost Recent I-94\b/i, 3),
    s(/\bClass of Admission\b/i, 2),
    s(/\bAdmission \(I-94\) Record Number\b/i, 3),
    s(/\b(?:Most Recent )?Date of Entry\b/i, 1),
  ],
  // A green card's zone (TD1, "C1USA") is added in `classify`.
  'green-card': [s(/\bPermanent Resident(?: Card)?\b/i, 4), s(/\bResident Since\b/i, 4), ...CARD_SIGNALS],
  'ead-card': [
    // The card's title, not the form's ("Application for Employment Authorization") nor a notice's case type.
    s(/\bEmployment Authorization Card\b|^[ \t]*Employment Authorization[ \t]*$/im, 5),
    s(/\bValid From\b/i, 3),
    s(/\bNot Valid for Re-?entry\b/i, 2),
    ...CARD_SIGNALS,
  ],
  'birth-certificate': [
    s(/\bCertificate of (?:Live )?Birth\b|\bBirth Certificate\b|\bBirth Record\b/i, 5),
    s(/\b(?:Acta|Certificado|Partida|Registro Civil) de Nacimiento\b/i, 5),
    s(/\bCertid[aã]o de Nascimento\b/i, 5),
    s(/\bActe de naissance\b/i, 5),
    s(/\bGeburtsurkunde\b/i, 5),
    s(/\bPlace of Birth\b|\bLugar de Nacimiento\b/i, 1),
    s(/\bFather(?:'s)? (?:Full )?Name\b|\bNombre del Padre\b|\bPadre:/i, 1),
    s(/\bMother(?:'s)? (?:Full |Maiden )?Name\b|\bNombre de la Madre\b|\bMadre:/i, 1),
    s(/\bRegistrar\b|\bRegistro Civil\b|\bVital Records\b|\bVital Statistics\b/i, 1.5),
  ],
  'marriage-certificate': [
    s(/\bCertificate of Marriage\b|\bMarriage Certificate\b|\bMarriage License\b|\bMarriage Record\b/i, 5),
    s(/\b(?:Acta|Certificado) de Matrimonio\b/i, 5),
    s(/\bCertid[aã]o de Casamento\b/i, 5),
    s(/\bActe de mariage\b/i, 5),
    s(/\bHeiratsurkunde\b/i, 5),
    s(/\b(?:united|joined) in (?:holy )?(?:matrimony|marriage)\b/i, 2),
    s(/\bBride\b|\bGroom\b/i, 1),
    s(/\bDate of Marriage\b|\bFecha de Matrimonio\b/i, 1.5),
    s(/\bOfficiant\b|\bSolemnized\b/i, 1.5),
  ],
  'divorce-decree': [
    s(
      /\b(?:Final )?Decree of Divorce\b|\bDivorce Decree\b|\bJudgment of (?:Divorce|Dissolution)\b|\bDissolution of Marriage\b/i,
      5,
    ),
    s(/\b(?:Sentencia|Acta) de Divorcio\b/i, 5),
    s(/\bmarriage\b[^.]{0,80}\b(?:is|be|are) (?:hereby )?dissolved\b/i, 3),
    s(/\bIT IS (?:HEREBY )?ORDERED\b/i, 1.5),
    s(/\b(?:Superior|District|Circuit|Family|Supreme) Court\b/i, 1),
    s(/\bRespondent\b/i, 1),
    s(/\bdivorce\b/i, 1),
  ],
  'tax-return': [
    s(/\b(?:Tax Return|Account|Wage and Income|Record of Account) Transcript\b/i, 5),
    s(/\bForm 1040(?:-SR|-NR)?\b/i, 4),
    s(/\bU\.?S\.? Individual Income Tax Return\b/i, 4),
    s(/\bInternal Revenue Service\b/i, 2),
    s(/\bAdjusted gross income\b/i, 2),
    s(/\bTax Period(?: Requested| Ending)?\b/i, 2),
    s(/\bTaxable income\b/i, 1.5),
    s(/\bFiling status\b/i, 1.5),
    s(/\bDepartment of the Treasury\b/i, 1),
  ],
  'pay-stub': [
    s(/\b(?:Earnings|Pay) Statement\b|\bPay ?stub\b|\bPayslip\b|\bPay Slip\b/i, 4),
    s(/\bPay Period\b/i, 2),
    s(/\bPay Date\b/i, 2),
    s(/\bGross Pay\b/i, 2),
    s(/\bNet Pay\b/i, 2),
    s(/\bYTD\b|\bYear[- ]to[- ]Date\b/i, 1.5),
    s(/\bRegular (?:Pay|Earnings|Hours)\b/i, 1),
    s(/\bDeductions\b/i, 1),
  ],
  'employment-letter': [
    s(
      /\bEmployment Verification\b|\bVerification of Employment\b|\bEmployment Letter\b|\bExperience Letter\b/i,
      4,
    ),
    s(/\b(?:is|has been|was) (?:currently )?employed\b/i, 3),
    s(/\bemployed (?:by|with|at)\b/i, 1.5),
    s(/\bTo Whom It May Concern\b/i, 1.5),
    s(/\b(?:annual|yearly|base) salary\b|\bsalary of\b/i, 1.5),
    s(/\bposition of\b|\bjob title\b/i, 1),
    s(/\bfull[- ]time\b/i, 1),
    s(/\bHuman Resources\b/i, 1),
  ],
  'bank-statement': [
    s(/\b(?:Bank|Account|Checking|Savings) Statement\b|\bStatement of Account\b/i, 4),
    s(/\b(?:Beginning|Opening|Previous) Balance\b/i, 2),
    s(/\b(?:Ending|Closing|New) Balance\b/i, 2),
    s(/\bStatement Period\b/i, 2),
    s(/\bAvailable Balance\b/i, 1),
    s(/\bDeposits\b/i, 1),
    s(/\bWithdrawals\b/i, 1),
    s(/\bRouting Number\b/i, 1),
    s(/\bAccount (?:Number|No\.?)\b/i, 1),
  ],
  'uscis-form': [
    s(/\bOMB No\.?\s*1615-\d{4}\b/i, 4),
    s(/\bFor USCIS Use Only\b/i, 3),
    s(/\bForm (?:I|N)-\d{2,3}[A-Z]?\s+Edition\b|\bEdition \d{2}\/\d{2}\/\d{2}\b/i, 2),
    s(/\bInformation About You\b/i, 1.5),
    s(/\b(?:Applicant|Petitioner|Sponsor)'s (?:Statement|Contact Information|Signature)\b/i, 1.5),
    s(/\bPart 1\.\s/i, 1),
    s(/\bDepartment of Homeland Security\b/i, 1),
  ],
};

/**
 * What the firm itself writes to USCIS: cover letters, briefs, memoranda, responses to a request for
 * evidence. They quote the evidence they present ("judgment of divorce", "Request for Evidence"), so
 * their own signs must outweigh it. Such a document is "other": it is not evidence about the client.
 */
const FIRM_LETTER_SIGNALS: Signal[] = [
  s(/\bRespectfully submitted\b/i, 4),
  s(/\b(?:Attorney|Counsel)s? for (?:the )?(?:Petitioner|Applicant|Beneficiary|Respondent|Appellant)\b/i, 4),
  s(/\bBrief in Support\b|\bMemorandum (?:of Law|in Support)\b/i, 4),
  s(/\bResponse to (?:the )?Request for (?:Additional )?Evidence\b/i, 4),
  s(/\bIndex of Exhibits\b|\bExhibit List\b/i, 4),
  s(/\bDear (?:Officer|Adjudicating Officer|Director)\b/i, 3),
  s(/\bEnclosed please find\b/i, 2),
  s(/^[ \t]*R[Ee]:[ \t]/m, 2),
  s(/\bExhibit [A-Z]\b/, 2),
  s(/\b(?:We|I) respectfully (?:ask|request)\b/i, 2),
  s(/\bForm G-28\b/i, 1.5),
  s(/\bEsq\.?(?![\p{L}])/u, 1.5),
];

/** Strength grows with the score and saturates: this score gives 63% (1 - 1/e), twice it 86%. */
const STRENGTH_SCALE = 5;
/** Below this score nothing is recognised: the document is "other". */
const MIN_SCORE = 3;

export type Classification = {
  type: DocumentType;
  confidence: number;
  evidence: string[];
  noticeType?: NoticeType;
  formNumber?: string;
};

type Scored = { score: number; evidence: { text: string; index: number }[] };

function score(text: string, signals: Signal[]): Scored {
  const result: Scored = { score: 0, evidence: [] };
  for (const { pattern, weight } of signals) {
    const m = pattern.exec(text);
    if (m) {
      result.score += weight;
      result.evidence.push({ text: m[0].replace(/\s+/g, ' ').trim(), index: m.index });
    }
  }
  return result;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The USCIS form a text is, by its printed title, or the form it names most ("Form I-130"). */
function whichForm(text: string, except: string[] = []): { number: string; evidence: string } | undefined {
  let title: { number: string; index: number; evidence: string } | undefined;
  for (const [number, pattern] of Object.entries(USCIS_FORMS)) {
    const m = pattern.exec(text);
    if (m && !except.includes(number) && (!title || m.index < title.index))
      title = { number, index: m.index, evidence: m[0] };
  }
  if (title) return title;
  const counts = new Map<string, number>();
  for (const m of text.matchAll(FORM_NUMBER))
    if (!except.includes(m[1]) && USCIS_FORMS[m[1]]) counts.set(m[1], (counts.get(m[1]) ?? 0) + 1);
  const [best] = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  return best && { number: best[0], evidence: best[0] };
}

export function classify(
  text: string,
  found: { zone: boolean; cardZone: boolean; receiptNumbers: string[] },
): Classification {
  // Filled in the order of DOCUMENT_TYPES, so that a tie goes to the type listed first.
  const scores = new Map<DocumentType | 'i797' | 'firm-letter', Scored>();
  const signalsOf = (type: DocumentType) => score(text, TYPE_SIGNALS[type] ?? []);
  scores.set('passport', signalsOf('passport'));

  // The I-797 family, then which notice it is.
  const notice = score(text, NOTICE_SIGNALS);
  if (notice.score > 0 && found.receiptNumbers.length) {
    notice.score += 1;
    notice.evidence.push({
      text: `receipt number ${found.receiptNumbers[0]}`,
      index: text.indexOf(found.receiptNumbers[0]),
    });
  }
  const kinds = (Object.keys(NOTICE_KINDS) as NoticeType[]).map((kind) => ({
    kind,
    ...score(text, NOTICE_KINDS[kind]),
  }));
  kinds.sort((a, b) => b.score - a.score);
  const [kind, runnerUp] = kinds;
  if (notice.score > 0)
    scores.set('i797', {
      score: notice.score + kind.score,
      evidence: [...notice.evidence, ...kind.evidence],
    });

  for (const type of Object.keys(TYPE_SIGNALS) as DocumentType[])
    if (type !== 'passport') scores.set(type, signalsOf(type));
  scores.set('firm-letter', score(text, FIRM_LETTER_SIGNALS));
  const form = whichForm(text);
  const uscisForm = scores.get('uscis-form') as Scored;
  if (form && uscisForm.score > 0) {
    uscisForm.score += USCIS_FORMS[form.number].test(form.evidence) ? 4 : 2;
    uscisForm.evidence.push({ text: form.evidence, index: text.indexOf(form.evidence) });
  }
  if (found.zone) {
    const passport = scores.get('passport') as Scored;
    passport.score += 6;
    passport.evidence.unshift({ text: 'machine-readable zone (TD3)', index: -1 });
  }
  if (found.cardZone) {
    const greenCard = scores.get('green-card') as Scored;
    greenCard.score += 6;
    greenCard.evidence.unshift({ text: 'machine-readable zone (TD1)', index: -1 });
  }

  const ranked = [...scores.entries()].sort((a, b) => b[1].score - a[1].score);
  const [[top, best], second] = ranked;
  const strength = 1 - Math.exp(-best.score / STRENGTH_SCALE);
  if (best.score < MIN_SCORE) {
    return {
      type: 'other',
      // That a text is none of the known kinds is a guess, never a certainty.
      confidence: text.trim().length < 50 ? 0 : round2(0.5 * (1 - strength)),
      evidence: [],
    };
  }
  const margin = (best.score - (second?.[1].score ?? 0)) / best.score;
  let confidence = strength * (0.5 + 0.5 * margin);
  const evidence = best.evidence
    .sort((a, b) => a.index - b.index)
    .map((e) => e.text)
    .filter((e, i, all) => all.indexOf(e) === i);

  if (top === 'i797') {
    // With no telling phrase, the form's letter says it: I-797A/B approvals, I-797E requests for evidence;
    // I-797C is mostly receipts (also transfers, appointments), so the guess is less sure.
    let noticeType: NoticeType = kind.kind;
    if (kind.score === 0) {
      noticeType = /\bI-797[AB]\b/.test(text) ? 'approval' : /\bI-797E\b/.test(text) ? 'rfe' : 'receipt';
      confidence *= 0.6;
    } else confidence *= 0.5 + 0.5 * ((kind.score - runnerUp.score) / kind.score);
    const about = whichForm(text, ['I-797', 'I-94']);
    return {
      type: NOTICE_DOCUMENT_TYPES[noticeType],
      confidence: round2(confidence),
      evidence,
      noticeType,
      ...(about ? { formNumber: about.number } : {}),
    };
  }
  return {
    type: top === 'firm-letter' ? 'other' : top,
    confidence: round2(confidence),
    evidence,
    ...(top === 'uscis-form' && form ? { formNumber: form.number } : {}),
  };
}
