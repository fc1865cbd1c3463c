import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.join(__dirname, '..', '..');

/** Words that US English spells otherwise, and how it spells them. */
const US_WORDS: Record<string, string> = {
  grey: 'gray',
  cheque: 'check',
  programme: 'program',
  tyre: 'tire',
  kerb: 'curb',
  aluminium: 'aluminum',
  whilst: 'while',
  amongst: 'among',
  learnt: 'learned',
  spelt: 'spelled',
  judgement: 'judgment',
  acknowledgement: 'acknowledgment',
  artefact: 'artifact',
  sceptic: 'skeptic',
  manoeuvre: 'maneuver',
  ageing: 'aging',
  fulfil: 'fulfill',
  enrol: 'enroll',
  enrolment: 'enrollment',
};

/**
 * British spellings and what US English writes instead. "Cancelled" is left out: US English writes it
 * both ways. SPEC.md's headings "Catalogued endpoints" and "Error catalogue" name no screen, so the
 * product writes "catalog".
 */
const BRITISH: Array<[RegExp, string]> = [
  [
    /\b\w*(organis|recognis|normalis|authoris|prioritis|customis|minimis|maximis|optimis|utilis|realis|apologis|finalis|summaris|categoris|characteris|synchronis|sanitis|standardis|capitalis|initialis|serialis|localis|visualis|memoris|specialis)(e|es|ed|ing|ation|ations)\b/i,
    '-ize, -ization',
  ],
  [/\b(analys|paralys)(e|es|ed|ing)\b/i, 'analyze'],
  [
    /\b(colour|behaviour|favour|honour|labour|neighbour|humour|flavour|harbour|rumour|odour|vapour|armour|endeavour)\w*/i,
    'color, behavior',
  ],
  [/\b(centre|metre|theatre|litre|fibre|calibre)s?\b/i, 'center'],
  [/\b(catalogu|analogu)(e|es|ed|ing)\b/i, 'catalog, cataloged'],
  [/\b(licence|defence|offence|pretence)s?\b/i, 'license, defense'],
  [/\b(label|model|travel|signal|level|fuel)l(ed|ing|er)\b/i, 'labeled'],
  ...Object.entries(US_WORDS).map(([word, us]): [RegExp, string] => [new RegExp(`\\b${word}s?\\b`, 'i'), us]),
  [/\be-mail/i, 'email'],
];

function britishIn(text: string): string[] {
  return BRITISH.flatMap(([pattern, us]) =>
    [...text.matchAll(new RegExp(pattern.source, 'gi'))].map((m) => `"${m[0]}" (US: ${us})`),
  );
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(tsx?|mjs)$/.test(entry.name) ? [full] : [];
  });
}

/** The text a file can show a person: its string literals, template texts and JSX text (not names or imports). */
function visibleStrings(file: string): Array<{ line: number; text: string }> {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const strings: Array<{ line: number; text: string }> = [];
  const visit = (node: ts.Node) => {
    const isModuleName =
      ts.isStringLiteral(node) &&
      (ts.isImportDeclaration(node.parent) ||
        ts.isExportDeclaration(node.parent) ||
        ts.isExternalModuleReference(node.parent) ||
        (ts.isCallExpression(node.parent) && node.parent.expression.kind === ts.SyntaxKind.ImportKeyword));
    if (
      !isModuleName &&
      (ts.isStringLiteral(node) ||
        ts.isNoSubstitutionTemplateLiteral(node) ||
        ts.isTemplateHead(node) ||
        ts.isTemplateMiddle(node) ||
        ts.isTemplateTail(node) ||
        ts.isJsxText(node))
    )
      strings.push({ line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: node.text });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return strings;
}

describe('US English in what people read', () => {
  // Migrations are history: the rows they seeded are already stored, so their text cannot change there.
  const files = ['views', 'islands', 'src', 'scripts']
    .flatMap((dir) => sourceFiles(path.join(ROOT, dir)))
    .filter((file) => !file.includes(`${path.sep}migrations${path.sep}`));

  it('finds the words it looks for', () => {
    expect(
      britishIn('Organise and analyse the catalogue; a grey, labelled centre of colour; e-mail.'),
    ).toEqual([
      '"Organise" (US: -ize, -ization)',
      '"analyse" (US: analyze)',
      '"colour" (US: color, behavior)',
      '"centre" (US: center)',
      '"catalogue" (US: catalog, cataloged)',
      '"labelled" (US: labeled)',
      '"grey" (US: gray)',
      '"e-mail" (US: email)',
    ]);
    expect(
      britishIn('Organize and analyze the catalog; an analysis, cancelled; Harbor Way; a dialog.'),
    ).toEqual([]);
  });

  it('has no British spelling in the strings of views, islands, the server and the scripts', () => {
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) =>
      visibleStrings(file).flatMap(({ line, text }) =>
        britishIn(text).map((word) => `${path.relative(ROOT, file)}:${line} ${word}`),
      ),
    );
    expect(found).toEqual([]);
  });

  it.each(['README.md', '.env.example'])('has no British spelling in %s', (name) => {
    const lines = fs.readFileSync(path.join(ROOT, name), 'utf8').split('\n');
    const found = lines.flatMap((text, i) => britishIn(text).map((word) => `${name}:${i + 1} ${word}`));
    expect(found).toEqual([]);
  });
});
