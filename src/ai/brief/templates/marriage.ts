/**
 * The bona fide marriage summary filed with a spouse's I-130: the legal standard with its authorities, the
 * relationship's timeline from the matter (each date from a person's record, the case's facts or a
 * notice), and the evidence by category from the file. It concludes only on the categories the file
 * evidences; with none, it draws no conclusion and the review sheet says what to add.
 */
import { formatDate } from '../../../shared/dates';
import type { DocumentRecord } from '../../../shared/documents';
import type { Person } from '../../../shared/people';
import { BONA_FIDE_EVIDENCE, BRANTIGAN, CHAWATHE, LAUREANO } from '../authorities';
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
  const married = m.facts.facts.marriageDate ?? marriage?.date ?? null;
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

export function marriageBlocks(c: Composer): Block[] {
  const { m } = c;
  const form = 'I-130';
  const title = formName(form, m.formOf(form).title);
  if (m.kase.formType !== 'I-130')
    c.assume(
      `The case is a Form ${m.kase.formType} case: the summary is written for the spouse’s Form I-130.`,
    );
  c.cite(BRANTIGAN, CHAWATHE, LAUREANO, BONA_FIDE_EVIDENCE);
  const petitioner = m.petitioner?.name ?? 'the petitioner';
  const events = timeline(c);

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
        `The evidence of ${evidenced.map((cat) => cat.title.toLowerCase()).join(', ')} (${exhibitWords(evidenced.flatMap((cat) => exhibitsOf(cat.documents).map((e) => e.letter)))}) shows a life the couple has shared since they married. We respectfully submit that ${petitioner} and ${m.client.name} married in good faith, and ask that the ${title}, be approved.`,
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
        `Evidence of a bona fide marriage, ${title}${m.kase.receiptNumber ? `, Receipt Number ${m.kase.receiptNumber}` : ''}`,
      ],
      ...partyRows(c, form),
    ]),
    ...c.para(
      'introduction',
      'Introduction',
      `On behalf of ${m.petitioner ? `the petitioner, ${petitioner}` : 'the petitioner'}, we submit this summary of the evidence that ${petitioner} and ${m.client.name} entered into their marriage in good faith.`,
      [petitioner, m.client.name],
    ),
    { type: 'heading', text: 'The legal standard' },
    ...c.para(
      'standard',
      'The legal standard',
      'The petitioner bears the burden of proof (Matter of Brantigan, 11 I&N Dec. 493 (BIA 1966)) and must establish eligibility by a preponderance of the evidence (Matter of Chawathe, 25 I&N Dec. 369 (AAO 2010)). Whether a marriage is bona fide turns on the couple’s intent when they married; their conduct after the marriage is relevant to that intent, and the evidence may include proof that the beneficiary is listed as the petitioner’s spouse on insurance policies, property leases, income tax forms or bank accounts, and evidence of the courtship, the wedding ceremony, a shared residence and shared experiences (Matter of Laureano, 19 I&N Dec. 1 (BIA 1983)). The regulation on the bona fide marriage exemption lists documents of the same kinds: joint ownership of property, a lease showing joint tenancy of a common residence, commingling of financial resources, birth certificates of children born to the couple, and affidavits of third parties with personal knowledge of the marriage (8 CFR 204.2(a)(1)(iii)(B)).',
      [BRANTIGAN.citation, CHAWATHE.citation, LAUREANO.citation, BONA_FIDE_EVIDENCE.citation],
    ),
    ...(events.length
      ? [{ type: 'heading', text: 'The relationship' } as Block, { type: 'list', items: events } as Block]
      : []),
    ...(evidenceBlocks.length ? [{ type: 'heading', text: 'The evidence' } as Block, ...evidenceBlocks] : []),
    ...conclusion,
    closing(m),
  ];
}
