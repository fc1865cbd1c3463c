/**
 * The four briefs (BRIEF_TEMPLATES): each filled from the case, its client and its documents, citing the
 * rules that apply, listing the case's documents as lettered exhibits (as the evidence package letters
 * them) and ending with the rules cited. Pure: the same sources give the same brief.
 */
import { exhibitLetter } from '../../documents/evidence';
import type { Deadline, RuleSource } from '../../rules/types';
import type { BriefTemplate } from '../../shared/ai';
import { type CaseRecord, type ClientRecord, FORM_TYPES, formatMoney } from '../../shared/cases';
import { formatDate } from '../../shared/dates';
import { DOCUMENT_TYPES, type DocumentRecord, type DocumentType } from '../../shared/documents';
import { type CaseFacts, FACT_LABELS, type FactName } from '../../shared/facts';
import type { Block, Brief } from './model';
import type { BriefRules, ChecklistItem } from './rules';

type BriefSources = {
  firmName: string;
  /** The name of the person who generates the brief: the letters are signed in it. */
  signer: string;
  /** ISO date the brief is prepared, in the firm's time zone: the rules are applied as of it. */
  asOf: string;
  kase: CaseRecord;
  client: ClientRecord;
  facts: CaseFacts;
  /** The case's documents, in the order they were filed: the exhibits. */
  documents: DocumentRecord[];
};

type Exhibit = { letter: string; title: string; type: DocumentType | null };

/** Collects the rules a brief applies, each version once, in the order first used. */
class Cited {
  readonly rules: RuleSource[] = [];
  add(rule: RuleSource): void {
    const { ruleId, title, citation, sourceUrl, effectiveFrom, effectiveTo } = rule;
    if (!this.rules.some((r) => r.ruleId === ruleId && r.effectiveFrom === effectiveFrom))
      this.rules.push({ ruleId, title, citation, sourceUrl, effectiveFrom, effectiveTo });
  }
}

const formTitle = (form: CaseRecord['formType']) => `Form ${form}, ${FORM_TYPES[form]}`;

/** The exhibit's description as the evidence package's index gives it: its type (once analyzed) and name. */
const exhibitsOf = (documents: DocumentRecord[]): Exhibit[] =>
  documents.map((d, i) => ({
    letter: exhibitLetter(i),
    title: d.type ? `${DOCUMENT_TYPES[d.type]}: ${d.name}` : d.name,
    type: d.type,
  }));

const exhibitBlocks = (exhibits: Exhibit[]): Block[] => [
  { type: 'heading', text: 'Exhibits' },
  exhibits.length
    ? { type: 'lettered', rows: exhibits.map((e) => [e.letter, e.title]) }
    : { type: 'paragraph', text: 'The case file has no documents yet: no exhibits are listed.' },
];

/** The case's particulars, as every brief gives them under "Re:". */
function particulars({ kase, client }: BriefSources): Block {
  const rows: Array<[string, string]> = [
    ['Client', client.name],
    ['A-number', client.aNumber ?? 'Not on file'],
  ];
  if (client.dateOfBirth) rows.push(['Date of birth', formatDate(client.dateOfBirth)]);
  if (client.countryOfCitizenship) rows.push(['Country of citizenship', client.countryOfCitizenship]);
  rows.push(
    ['Form', `${kase.formType}, ${FORM_TYPES[kase.formType]}`],
    ['Receipt number', kase.receiptNumber ?? 'Not yet issued'],
  );
  if (kase.priorityDate) rows.push(['Priority date', formatDate(kase.priorityDate)]);
  rows.push(['Our case number', kase.caseNumber]);
  return { type: 'fields', rows };
}

const prose = (text: string, keep: Array<string | null | undefined>): Block => ({
  type: 'paragraph',
  text,
  prose: { keep: keep.filter((k): k is string => Boolean(k)) },
});

const signature = ({ signer, firmName }: BriefSources): Block => ({
  type: 'closing',
  lines: ['Sincerely,', '', signer, firmName],
});

/** A deadline in words, with its rule: "02/01/2027 (Notice date … + 84 days …)". */
const deadlineLine = (d: Deadline) => `${d.title}: ${formatDate(d.date)}. ${d.explanation}`;

/** The facts a rule still needs, in the words the facts page uses. */
const missingWords = (names: FactName[]) => names.map((n) => FACT_LABELS[n].toLowerCase()).join(', ');

/** Which checklist items the case's documents meet, and the exhibit that meets each. */
function checklistAgainst(items: ChecklistItem[], exhibits: Exhibit[]) {
  return items.map((item) => ({
    item,
    exhibits: exhibits.filter((e) => e.type && item.documentTypes.includes(e.type)).map((e) => e.letter),
  }));
}

const exhibitWords = (letters: string[]) =>
  letters.length === 1 ? `Exhibit ${letters[0]}` : `Exhibits ${letters.join(', ')}`;

function coverLetter(s: BriefSources, rules: BriefRules, cited: Cited): Block[] {
  const { kase, client, facts } = s;
  const exhibits = exhibitsOf(s.documents);
  const filingDate = facts.facts.filingDate ?? s.asOf;
  const fee = rules.filingFeeOf(kase.formType, filingDate);
  cited.add(fee.rule);
  const checklist = checklistAgainst(rules.evidenceChecklistOf(kase.formType), exhibits);
  checklist.forEach(({ item }) => cited.add(item.rule));
  const receipt = kase.receiptNumber ? ` (receipt number ${kase.receiptNumber})` : '';
  return [
    { type: 'paragraph', text: 'U.S. Citizenship and Immigration Services' },
    { type: 'heading', text: 'Re:' },
    particulars(s),
    { type: 'paragraph', text: 'Dear Sir or Madam:' },
    prose(
      `On behalf of our client, ${client.name}, we respectfully submit the enclosed ${formTitle(kase.formType)}${receipt}, together with the filing fee and the supporting evidence listed below. We ask that you accept it for filing.`,
      [client.name, formTitle(kase.formType), kase.receiptNumber],
    ),
    { type: 'heading', text: 'Filing fee' },
    {
      type: 'paragraph',
      text:
        fee.fee === null
          ? fee.explanation
          : `${formatMoney(fee.fee).replace(/\.00$/, '')} for Form ${kase.formType}, filed on ${formatDate(filingDate)}${facts.facts.filingDate ? '' : ' (no filing date is on file: the date of this letter)'}. ${fee.explanation} (${fee.rule.citation}).`,
    },
    { type: 'heading', text: 'Evidence checklist' },
    checklist.length
      ? {
          type: 'list',
          items: checklist.map(
            ({ item, exhibits: letters }) =>
              `${item.title}: ${letters.length ? `enclosed as ${exhibitWords(letters)}` : 'not yet in the case file'} (${item.rule.citation}).`,
          ),
        }
      : { type: 'paragraph', text: `The rules library has no evidence checklist for Form ${kase.formType}.` },
    ...exhibitBlocks(exhibits),
    prose(
      'Please send all notices about this filing to our office. Should you need anything further to decide it, please contact us.',
      [],
    ),
    signature(s),
  ];
}

function rfeResponse(s: BriefSources, rules: BriefRules, cited: Cited): Block[] {
  const { kase, client, facts } = s;
  const exhibits = exhibitsOf(s.documents);
  const answer = rules.deadlinesOf(facts.facts, s.asOf);
  const due = answer.deadlines.find((d) => d.id === 'rfe-response');
  const noticeDate = facts.facts.noticeDate ? formatDate(facts.facts.noticeDate) : null;
  const notices = exhibits.filter((e) => e.type === 'i797-rfe').map((e) => e.letter);
  let deadline: Block;
  if (due) {
    cited.add(due);
    deadline = { type: 'paragraph', text: `${deadlineLine(due)} (${due.citation}).` };
  } else {
    const needed: FactName[] = ['noticeType', 'noticeDate', 'responsePeriodDays'];
    const missing = needed.filter((n) => facts.facts[n] === undefined);
    deadline = {
      type: 'paragraph',
      text:
        facts.facts.noticeType && facts.facts.noticeType !== 'RFE'
          ? `The notice on file is a ${facts.facts.noticeType}, not a Request for Evidence: no RFE response date applies.`
          : `The response due date cannot be worked out yet: the case has no ${missingWords(missing)}. Enter them on the case's facts page, or upload the I-797E notice, and generate this outline again.`,
    };
  }
  const dated = noticeDate ? ` dated ${noticeDate}` : '';
  const receipt = kase.receiptNumber ? ` (receipt number ${kase.receiptNumber})` : '';
  return [
    { type: 'heading', text: 'Re:' },
    particulars(s),
    { type: 'heading', text: 'Response deadline' },
    deadline,
    { type: 'heading', text: 'I. Introduction' },
    prose(
      `This letter responds to the Request for Evidence${dated} concerning the ${formTitle(kase.formType)}${receipt} filed for ${client.name}. The evidence requested is enclosed and indexed below.`,
      [noticeDate, formTitle(kase.formType), kase.receiptNumber, client.name],
    ),
    { type: 'heading', text: 'II. The evidence requested, and our answer to each request' },
    prose(
      'For each item the notice requests, in the order of the notice: quote the request, name the exhibit that answers it, and explain briefly how that exhibit meets the requirement.',
      [],
    ),
    {
      type: 'paragraph',
      text: notices.length
        ? `The Request for Evidence itself: ${exhibitWords(notices)}.`
        : 'The Request for Evidence is not in the case file yet: upload the I-797E notice so that it is enclosed as an exhibit.',
    },
    { type: 'heading', text: 'III. Evidence submitted' },
    ...exhibitBlocks(exhibits).slice(1),
    { type: 'heading', text: 'IV. Conclusion' },
    prose(
      `The enclosed evidence answers the Request for Evidence in full. We respectfully request that the ${formTitle(kase.formType)} be approved.`,
      [formTitle(kase.formType)],
    ),
    signature(s),
  ];
}

function bonaFideMarriage(s: BriefSources, rules: BriefRules, cited: Cited): Block[] {
  const { client, facts } = s;
  const exhibits = exhibitsOf(s.documents);
  // The marriage petition's own checklist: Form I-130 with Form I-130A and the bona fide marriage evidence.
  const checklist = checklistAgainst(rules.evidenceChecklistOf('I-130'), exhibits);
  checklist.forEach(({ item }) => cited.add(item.rule));
  const citations = [...new Set(checklist.map(({ item }) => item.rule.citation))];
  const married = facts.facts.marriageDate ? formatDate(facts.facts.marriageDate) : null;
  return [
    { type: 'heading', text: 'Re:' },
    particulars(s),
    {
      type: 'fields',
      rows: [['Date of marriage', married ?? 'Not on file (enter it on the case’s facts page)']],
    },
    prose(
      `This summary sets out the evidence that the marriage of ${client.name}${married ? `, entered into on ${married},` : ''} is bona fide: that it was entered into in good faith and not to obtain an immigration benefit. It follows the evidence the petition for a spouse requires (${citations.join('; ')}).`,
      [client.name, married, ...citations],
    ),
    { type: 'heading', text: 'Evidence of the marriage' },
    checklist.length
      ? {
          type: 'list',
          items: checklist.map(
            ({ item, exhibits: letters }) =>
              `${item.title} (${item.rule.citation}): ${letters.length ? exhibitWords(letters) : 'none in the case file yet'}.`,
          ),
        }
      : { type: 'paragraph', text: 'The rules library has no evidence checklist for Form I-130.' },
    ...exhibitBlocks(exhibits),
    prose(
      'Taken together, this evidence shows a shared life: a common residence, shared finances and the commitment of the couple. We respectfully submit that the marriage is bona fide.',
      [],
    ),
    signature(s),
  ];
}

function clientChecklist(s: BriefSources, rules: BriefRules, cited: Cited): Block[] {
  const { kase, client, facts } = s;
  const exhibits = exhibitsOf(s.documents);
  const checklist = checklistAgainst(rules.evidenceChecklistOf(kase.formType), exhibits);
  checklist.forEach(({ item }) => cited.add(item.rule));
  const missing = checklist.filter((c) => c.exhibits.length === 0);
  const have = checklist.filter((c) => c.exhibits.length > 0);
  const due = kase.dueDate ? formatDate(kase.dueDate) : null;
  const dates = rules
    .deadlinesOf(facts.facts, s.asOf)
    .deadlines.filter((d) => d.date >= s.asOf)
    .sort((a, b) => a.date.localeCompare(b.date));
  dates.forEach((d) => cited.add(d));
  return [
    { type: 'paragraph', text: [client.name, client.address].filter(Boolean).join('\n') },
    { type: 'heading', text: 'Re:' },
    particulars(s),
    { type: 'paragraph', text: `Dear ${client.name},` },
    prose(
      `We are preparing your ${formTitle(kase.formType)}. To file it, we need the documents listed below. Please send us copies as soon as you can${due ? `, and no later than ${due}` : ''}.`,
      [formTitle(kase.formType), due],
    ),
    { type: 'heading', text: 'Documents we still need' },
    checklist.length === 0
      ? { type: 'paragraph', text: `The rules library has no evidence checklist for Form ${kase.formType}.` }
      : missing.length
        ? { type: 'list', items: missing.map(({ item }) => item.title) }
        : { type: 'paragraph', text: 'None: we have every document on the checklist for this form.' },
    { type: 'heading', text: 'Documents we already have' },
    have.length
      ? {
          type: 'list',
          items: have.map(({ item, exhibits: letters }) => `${item.title} (${exhibitWords(letters)})`),
        }
      : { type: 'paragraph', text: 'None of the checklist’s documents is in your file yet.' },
    ...exhibitBlocks(exhibits),
    { type: 'heading', text: 'Dates to keep in mind' },
    dates.length
      ? { type: 'list', items: dates.map((d) => `${d.title}: ${formatDate(d.date)}`) }
      : { type: 'paragraph', text: 'No dates from your case’s facts are coming up.' },
    prose(
      'If you have any questions, or cannot find one of these documents, please contact our office: we will help you find another way to show the same facts.',
      [],
    ),
    signature(s),
  ];
}

const TEMPLATES: Record<
  BriefTemplate,
  { title: string; blocks: (s: BriefSources, rules: BriefRules, cited: Cited) => Block[] }
> = {
  'cover-letter': { title: 'Cover Letter', blocks: coverLetter },
  'rfe-response': { title: 'RFE Response Outline', blocks: rfeResponse },
  'bona-fide-marriage': { title: 'Bona Fide Marriage Evidence Summary', blocks: bonaFideMarriage },
  'client-checklist': { title: 'Checklist Letter', blocks: clientChecklist },
};

/** The brief of a template for a case, as of the date in its sources. */
export function briefOf(template: BriefTemplate, sources: BriefSources, rules: BriefRules): Brief {
  const cited = new Cited();
  const { title, blocks } = TEMPLATES[template];
  return {
    title,
    firmName: sources.firmName,
    caseNumber: sources.kase.caseNumber,
    preparedOn: formatDate(sources.asOf),
    blocks: blocks(sources, rules, cited),
    rules: cited.rules,
  };
}
