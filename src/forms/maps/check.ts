import type { TemplateField } from '../templates';
import type { FormMap, MapField } from './schema';

/** Every box a map fills, its lists' rows and Additional Information rows included. */
export function boxesOf(map: FormMap): MapField[] {
  return [...map.fields, ...map.lists.flatMap((l) => l.rows.flat())];
}

/**
 * What is wrong with a map against a PDF's fields: a name the PDF lacks, a check-box value the box does not
 * have, text meant for a check box, a box filled twice. `mapped`: the PDF's fields the map fills.
 */
export function checkMap(
  map: FormMap,
  fields: ReadonlyMap<string, TemplateField>,
): { problems: string[]; mapped: number } {
  const problems: string[] = [];
  const seen = new Set<string>();
  const names = [
    ...boxesOf(map).map((b) => ({ name: b.pdf, box: b as MapField | undefined })),
    ...map.additional
      .flatMap((a) => [a.page, a.part, a.item, a.text])
      .filter((n): n is string => !!n)
      .map((name) => ({ name, box: undefined })),
    ...map.signatures.flatMap((s) => (s.pdf ? [{ name: s.pdf, box: undefined }] : [])),
  ];
  for (const { name, box } of names) {
    const field = fields.get(name);
    if (!field) {
      problems.push(`${name}: no such field`);
      continue;
    }
    if (box && seen.has(name) && box.check === undefined) problems.push(`${name}: filled twice`);
    seen.add(name);
    if (!box) continue;
    if (box.check !== undefined && field.kind !== 'check' && field.kind !== 'radio')
      problems.push(`${name}: a check value for a ${field.kind} field`);
    if (box.check === undefined && field.kind === 'check')
      problems.push(`${name}: a check box needs "check" (the value that checks it)`);
  }
  return { problems, mapped: seen.size };
}
