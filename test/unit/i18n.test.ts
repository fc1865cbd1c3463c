import { CATALOGS, wordsIn } from '../../src/shared/i18n';

/** Every key of a catalog, as a path ("home.title"); a plural's forms count as their own keys. */
function keysOf(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' ? keysOf(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

const valueAt = (tree: object, path: string) =>
  path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], tree) as string;

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('the portal’s words in English and Spanish', () => {
  const english = keysOf(CATALOGS.en);

  it('says every English key in Spanish, and nothing else', () => {
    expect(keysOf(CATALOGS.es).sort()).toEqual([...english].sort());
  });

  it.each(english)('%s keeps its placeholders in Spanish, and is not left in English', (key) => {
    const en = valueAt(CATALOGS.en, key);
    const es = valueAt(CATALOGS.es, key);
    expect(placeholders(es)).toEqual(placeholders(en));
    // A few words are the same in both languages (No, the product's name).
    if (!['answers.no', 'chrome.switchLanguage', 'messages.firm'].includes(key) && en.length > 3)
      expect(es).not.toBe(en);
  });

  it('picks the plural form a count needs, and a missing language falls back to English', () => {
    expect(wordsIn('es')('home.requestsOpen', { count: 1 })).toBe('1 documento solicitado');
    expect(wordsIn('es')('home.requestsOpen', { count: 3 })).toBe('3 documentos solicitados');
    expect(wordsIn('en')('home.requestsOpen', { count: 3 })).toBe('3 documents requested');
  });
});
