/**
 * The bona fide marriage summary filed with a spouse's I-130: the legal standard with its authorities, the
 * relationship's timeline from the matter (each date from a person's record, the case's facts or a
 * notice), and the evidence by category from the file. It concludes only on the categories the file
 * evidences; with none, it draws no conclusion and the review sheet says what to add. For a marriage
 * entered into during proceedings, the attorney may have it request the bona fide marriage exemption (INA
 * 204(g), 245(e)(3)); the beneficiary's record of proceedings suggests it on the review sheet.
 */
import { formatDate } from '../../../shared/dates';
import type { DocumentRecord } from '../../../shared/documents';
import type { Person } from '../../../shared/people';
import {
  BONA_FIDE_EVIDENCE,
  BONA_FIDE_EXCEPTION,
  BRANTIGAN,
  CHAWATHE,
  EXEMPTION_REQUEST,
  LAUREANO,
  MARRIAGE_IN_PROCEEDINGS,
} from '../authorities';
import {
  type Composer,
  closing,
  exhibitWords,
  formName,
  lettered,
  partyRows,
  uscisOpening,
} from '../compose';
import { documentsOfKinds, evidenceOf, MARRIAGE_CATEGORIES } from '../evidence';
import type { BriefMatter } from '../matter';
import type { Block } from '../model';

const sameName = (a: { familyName: string; givenName: string | null }, p: Person) =>
  a.familyName.toLowerCase() === p.familyName.toLowerCase() &&
  (!a.givenName || !p.givenName || a.givenName.toLowerCase() === p.givenName.toLowerCase());

/** The marriage of the client to the petitioner, as the client's record holds it. */
const marriageOf = (m: BriefMatter) =>
  m.petitioner
    ? m.client.marriages.find((x) =>
        sameName({ familyName: x.spouseFamilyName, givenName: x.spouseGivenName }, m.petitioner!),
      )
    : undefined;

/** The kinds of proceedings Form I-130 asks about (Part 4, Item 54), in the letter's words. */
const PROCEEDINGS: Record<string, string> = {
  removal: 'removal proceedings',
  'exclusion-deportation': 'exclusion or deportation proceedings',
  rescission: 'rescission proceedings',
  'other-judicial': 'judicial proceedings',
};

/**
 * The proceedings the beneficiary was in, as their record's Form I-130 facts hold them (Part 4, Items 53,
 * 54 and 56): what kind, and the date given; null when the record says none (or says nothing).
 */
function proceedingsOf(m: BriefMatter): { words: string; since: string | null } | null {
  const facts = m.client.formFacts ?? {};
  if (facts['i130-p4-53'] !== 'yes') return null;
  const since = String(facts['i130-p4-56'] ?? '');
  return {
    words: PROCEEDINGS[String(facts['i130-p4-54'] ?? '')] ?? 'immigration proceedings',
    since: /^\d{4}-\d{2}-\d{2}$/.test(since) ? since : null,
  };
}

/** The couple's children: a child both of them list. */
function childrenOf(m: BriefMatter) {
  if (!m.petitioner) return [];
  return m.client.children.filter((child) =>
    m.petitioner!.children.some(
      (other) => other.familyName === child.familyName && other.givenName === child.givenName,
    ),
  );
}

const childName = (c: { givenName: string | null; familyName: string }) =>
  [c.givenName, c.familyName].filter(Boolean).join(' ');

/** A birth certificate of one of the couple's children: it names the child. */
const isChildsCertificate = (m: BriefMatter, d: DocumentRecord) =>
  d.type === 'birth-certificate' &&
  childrenOf(m).some((child) =>
    (d.fields?.names ?? []).some(
      (n) =>
        n.toLowerCase().includes(child.familyName.toLowerCase()) &&
        (!child.givenName || n.toLowerCase().includes(child.givenName.toLowerCase())),
    ),
  );

/** The documents of each category, in the regulation's order. */
function categories(m: BriefMatter, documents: DocumentRecord[]) {
  return MARRIAGE_CATEGORIES.map((cat) => ({
    ...cat,
    documents:
      cat.id === 'children'
        ? documents.filter((d) => isChildsCertificate(m, d))
        : documentsOfKinds(cat.kinds, documents).filter((d) => d.type !== 'birth-certificate'),
  }));
}

export function marriageExhibits(m: BriefMatter): DocumentRecord[] {
  const evidence = evidenceOf(m.documents);
  const certificates = evidence.filter((d) => d.type === 'marriage-certificate');
  return [...new Set([...certificates, ...categories(m, evidence).flatMap((c) => c.documents)])];
}

/** The relationship's dates, each from the record that gives it, in order. */
function timeline(c: Composer): string[] {
  const { m } = c;
  const events: Array<[string, string]> = [];
  const couple = m.petitioner ? `${m.petitioner.name} and ${m.client.name}` : m.client.name;
  const marriage = marriageOf(m);
  const married = marriedOn(m);
  if (married) events.push([married, `${couple} married${marriage?.place ? ` in ${marriage.place}` : ''}.`]);
  else
    c.miss(
      'The date of the marriage: enter it on the beneficiary’s page (Marriages) or on the case’s facts.',
    );
  if (m.petitioner)
    for (const a of m.client.addresses) {
      const shared = m.petitioner.addresses.some((b) => b.street === a.street && b.city === a.city);
      if (shared && a.from)
        events.push([
          a.from,
          `They began living together at ${a.street}, ${a.city}${a.state ? `, ${a.state}` : ''}.`,
        ]);
    }
  for (const child of childrenOf(m))
    if (child.dateOfBirth) events.push([child.dateOfBirth, `Their child ${childName(child)} was born.`]);
  if (m.facts.facts.filingDate) events.push([m.facts.facts.filingDate, `Form ${m.kase.formType} was filed.`]);
  for (const d of m.documents)
    if (d.type === 'i797-receipt' && d.fields?.noticeDate)
      events.push([
        d.fields.noticeDate,
        `USCIS issued a receipt notice${d.fields.receiptNumbers[0] ? ` (${d.fields.receiptNumbers[0]})` : ''}.`,
      ]);
  if (!events.some(([, what]) => what.startsWith('They began living together')))
    c.miss(
      'When the couple began living together: enter their shared address, with the date they moved in, on both people’s pages.',
    );
  return events.sort(([a], [b]) => a.localeCompare(b)).map(([date, what]) => `${formatDate(date)}: ${what}`);
}

/** The day the couple married: the case's facts, else the beneficiary's record of the marriage. */
const marriedOn = (m: BriefMatter) => m.facts.facts.marriageDate ?? marriageOf(m)?.date ?? null;

/**
 * The request for the exemption, when the attorney chose it: the statute's bar and its exception, and what
 * the evidence must establish. Without the choice, a record of proceedings on or before the marriage puts
 * the question to the attorney on the review sheet.
 */
function exemptionBlocks(c: Composer, exemption: boolean, petitioner: string, title: string): Block[] {
  const { m } = c;
  const proceedings = proceedingsOf(m);
  const married = marriedOn(m);
  if (!exemption) {
    if (proceedings && (!married || !proceedings.since || proceedings.since <= married))
      c.miss(
        `The beneficiary was in ${proceedings.words}${proceedings.since ? ` (from ${formatDate(proceedings.since)})` : ''}, as the Form I-130 facts on their page say (Part 4, Items 53–56). If they were pending when the couple married${married ? ` on ${formatDate(married)}` : ''}, INA 204(g) bars approval unless the bona fide marriage exemption is requested and proved by clear and convincing evidence (INA 245(e)(3)): choose “Request the bona fide marriage exemption”.`,
      );
    return [];
  }
  c.cite(MARRIAGE_IN_PROCEEDINGS, BONA_FIDE_EXCEPTION, EXEMPTION_REQUEST);
  if (!proceedings)
    c.miss(
      'The proceedings the beneficiary was in when the couple married: enter them on the beneficiary’s page (Form I-130, Part 4, Items 53–56), so that the request names them.',
    );
  c.assume(
    'To confirm with the couple before filing: the marriage was entered into in accordance with the laws of the place where it took place, and no fee or other consideration was given for the filing of the petition, other than an attorney’s fee (INA 245(e)(3)). The letter states these only as what the law requires.',
  );
  const when = married ? ` on ${formatDate(married)}` : '';
  const during = proceedings
    ? `while ${m.client.name} was in ${proceedings.words}`
    : `while proceedings regarding ${m.client.name}’s right to be admitted or to remain in the United States were pending`;
  return [
    { type: 'heading', text: 'Request for the bona fide marriage exemption' },
    ...c.para(
      'exemption',
      'The exemption requested',
      `${petitioner} and ${m.client.name} married${when} ${during}. A petition based on a marriage entered into while such proceedings are pending may not be approved until the beneficiary has resided outside the United States for two years after the marriage (INA 204(g), 8 U.S.C. 1154(g)), unless it is established by clear and convincing evidence that the marriage was entered into in good faith and in accordance with the laws of the place where it took place, was not entered into for the purpose of procuring the beneficiary’s admission as an immigrant, and that no fee or other consideration was given for the filing of the petition, other than a fee to an attorney (INA 245(e)(3), 8 U.S.C. 1255(e)(3)). The petitioner requests the bona fide marriage exemption (8 CFR 204.2(a)(1)(iii)(A)) and submits the evidence below to establish it.`,
      [
        petitioner,
        m.client.name,
        married ? formatDate(married) : null,
        title,
        MARRIAGE_IN_PROCEEDINGS.citation,
        BONA_FIDE_EXCEPTION.citation,
        EXEMPTION_REQUEST.citation,
      ],
    ),
  ];
}

export function marriageBlocks(c: Composer): Block[] {
  const { m } = c;
  const form = 'I-130';
  const title = formName(form, m.formOf(form).title);
  const exemption = m.choices.exemption === true;
  if (m.kase.formType !== 'I-130')
    c.assume(
      `The case is a Form ${m.kase.formType} case: the summary is written for the spouse’s Form I-130.`,
    );
  // Under the exemption, the statute's clear and convincing evidence replaces the usual preponderance.
  c.cite(BRANTIGAN, ...(exemption ? [] : [CHAWATHE]), LAUREANO, BONA_FIDE_EVIDENCE);
  const petitioner = m.petitioner?.name ?? 'the petitioner';
  const events = timeline(c);
  // Paragraphs in the letter's order: the edit form lists them so.
  const introduction = c.para(
    'introduction',
    'Introduction',
    `On behalf of ${m.petitioner ? `the petitioner, ${petitioner}` : 'the petitioner'}, we submit this summary of the evidence that ${petitioner} and ${m.client.name} entered into their marriage in good faith.`,
    [petitioner, m.client.name],
  );
  const request = exemptionBlocks(c, exemption, petitioner, title);
  const standard = c.para(
    'standard',
    'The legal standard',
    `The petitioner bears the burden of proof (Matter of Brantigan, 11 I&N Dec. 493 (BIA 1966)) ${exemption ? 'and, for the exemption, must establish the good faith of the marriage by clear and convincing evidence (INA 245(e)(3), 8 U.S.C. 1255(e)(3))' : 'and must establish eligibility by a preponderance of the evidence (Matter of Chawathe, 25 I&N Dec. 369 (AAO 2010))'}. Whether a marriage is bona fide turns on the couple’s intent when they married; their conduct after the marriage is relevant to that intent, and the evidence may include proof that the beneficiary is listed as the petitioner’s spouse on insurance policies, property leases, income tax forms or bank accounts, and evidence of the courtship, the wedding ceremony, a shared residence and shared experiences (Matter of Laureano, 19 I&N Dec. 1 (BIA 1983)). The regulation on the bona fide marriage exemption lists documents of the same kinds: joint ownership of property, a lease showing joint tenancy of a common residence, commingling of financial resources, birth certificates of children born to the couple, and affidavits of third parties with personal knowledge of the marriage (8 CFR 204.2(a)(1)(iii)(B)).`,
    [
      BRANTIGAN.citation,
      exemption ? BONA_FIDE_EXCEPTION.citation : CHAWATHE.citation,
      LAUREANO.citation,
      BONA_FIDE_EVIDENCE.citation,
    ],
  );

  // The evidence, by category, among the exhibits chosen (an exhibit in no category is "other").
  const chosen = c.exhibits.map((e) => e.doc);
  const certificate = c.exhibits.filter((e) => e.doc.type === 'marriage-certificate');
  if (certificate.length === 0)
    c.miss('The marriage certificate (8 CFR 204.2(a)(2)): not among the exhibits. Upload it to the case.');
  const byCategory = categories(m, chosen);
  const placed = new Set([
    ...certificate.map((e) => e.doc.id),
    ...byCategory.flatMap((cat) => cat.documents.map((d) => d.id)),
  ]);
  const other = byCategory.find((cat) => cat.id === 'other')!;
  other.documents.push(...chosen.filter((d) => !placed.has(d.id)));
  const evidenced = byCategory.filter((cat) => cat.documents.length > 0);
  for (const cat of byCategory)
    if (cat.documents.length === 0 && cat.id !== 'children')
      c.miss(
        `${cat.title} (8 CFR 204.2(a)(1)(iii)(B)${cat.paragraph}): none in the file. Add it, or say in the text why the couple has none.`,
      );
  const exhibitsOf = (docs: DocumentRecord[]) => c.exhibits.filter((e) => docs.includes(e.doc));

  const evidenceBlocks: Block[] = [];
  if (certificate.length)
    evidenceBlocks.push({ type: 'heading', text: 'The marriage' }, lettered(certificate));
  for (const cat of evidenced)
    evidenceBlocks.push({ type: 'heading', text: cat.title }, lettered(exhibitsOf(cat.documents)));

  const conclusion = evidenced.length
    ? c.para(
        'conclusion',
        'Conclusion',
        `The evidence of ${evidenced.map((cat) => cat.title.toLowerCase()).join(', ')} (${exhibitWords(evidenced.flatMap((cat) => exhibitsOf(cat.documents).map((e) => e.letter)))}) shows a life the couple has shared since they married. We respectfully submit that ${exemption ? 'it establishes by clear and convincing evidence that ' : ''}${petitioner} and ${m.client.name} married in good faith, and ask that ${exemption ? 'the bona fide marriage exemption be granted and ' : ''}the ${title}, be approved.`,
        [petitioner, m.client.name, title],
      )
    : (c.miss(
        'No evidence of a shared life (residence, finances, children, affidavits) is among the exhibits: the summary draws no conclusion until some is added.',
      ),
      []);

  return [
    ...uscisOpening(m, [
      [
        'RE',
        `Evidence of a bona fide marriage${exemption ? ' and request for the bona fide marriage exemption' : ''}, ${title}${m.kase.receiptNumber ? `, Receipt Number ${m.kase.receiptNumber}` : ''}`,
      ],
      ...partyRows(c, form),
    ]),
    ...introduction,
    ...request,
    { type: 'heading', text: 'The legal standard' },
    ...standard,
    ...(events.length
      ? [{ type: 'heading', text: 'The relationship' } as Block, { type: 'list', items: events } as Block]
      : []),
    ...(evidenceBlocks.length ? [{ type: 'heading', text: 'The evidence' } as Block, ...evidenceBlocks] : []),
    ...conclusion,
    closing(m),
  ];
}
