/**
 * The language a text is written in, by counting each language's commonest short words (and a few words
 * that civil records in it always carry). Small and deterministic: it tells English from the languages
 * immigration records most often come in, and names the writing system otherwise.
 */

const STOP_WORDS: Record<string, string> = {
  en: 'the of and to in is for on that with this by you your are was be as at from has have not or an it will we our their which been were shall who any may must please if its these',
  es: 'el la los las de del y en que por para con un una es se al su sus lo como más fue son esta este ha le nacimiento acta registro nombre padre madre fecha lugar nació',
  fr: 'le la les de des du et en un une est que qui dans pour par sur au aux avec ce cette son sa ses ne pas né née naissance acte père mère',
  pt: 'o a os as de do da dos das e em um uma que para com por no na nos nas ao se foi são nascimento certidão registro pai mãe nasceu',
  de: 'der die das und ist von zu den dem des mit für auf ein eine im nicht sich als auch es an wird geboren geburtsurkunde vater mutter',
  it: 'il lo la gli le di del della e è che per con un una in nel nella sono nato nata atto nascita padre madre',
};
const WORDS = Object.fromEntries(
  Object.entries(STOP_WORDS).map(([code, words]) => [code, new Set(words.split(' '))]),
);

/** Language names for messages. */
export const LANGUAGE_NAMES: Record<string, string> = {
  en: 'English',
  es: 'Spanish',
  fr: 'French',
  pt: 'Portuguese',
  de: 'German',
  it: 'Italian',
  zh: 'Chinese',
  ja: 'Japanese',
  ko: 'Korean',
  other: 'a language other than English',
};

/** Too few telling words to say. */
const MIN_HITS = 5;

/**
 * ISO 639-1 code of the text's language ("en", "es"), "zh", "ja" or "ko" by writing system, "other" for
 * any other writing system, or undefined when the text is too short or too mixed to tell.
 */
export function detectLanguage(text: string): string | undefined {
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  if (!letters) return undefined;
  const count = (re: RegExp) => text.match(re)?.length ?? 0;
  const latin = count(/\p{Script=Latin}/gu);
  if (latin / letters < 0.5) {
    if (count(/[\p{Script=Hiragana}\p{Script=Katakana}]/gu) > 0.1 * letters) return 'ja';
    if (count(/\p{Script=Hangul}/gu) > 0.3 * letters) return 'ko';
    if (count(/\p{Script=Han}/gu) > 0.3 * letters) return 'zh';
    return 'other';
  }
  const hits: Record<string, number> = Object.fromEntries(Object.keys(WORDS).map((code) => [code, 0]));
  for (const word of text.toLowerCase().match(/\p{L}+/gu) ?? [])
    for (const code of Object.keys(WORDS)) if (WORDS[code].has(word)) hits[code]++;
  const [best, second] = Object.entries(hits).sort((a, b) => b[1] - a[1]);
  if (best[1] < MIN_HITS || best[1] < second[1] * 1.25) return undefined;
  return best[0];
}
