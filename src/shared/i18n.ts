import i18next, { type i18n, type TFunction } from 'i18next';
import type { Language } from './people';
import en from './locales/en.json';
import es from './locales/es.json';

/**
 * The client portal's words in English and Spanish (i18next, JSON catalogs per language). One instance per
 * language, made once: a page picks its reader's (the person's own choice, kept on their record).
 */
const instances = new Map<Language, i18n>();

export function i18nFor(language: Language): i18n {
  let instance = instances.get(language);
  if (!instance) {
    instance = i18next.createInstance();
    void instance.init({
      lng: language,
      fallbackLng: 'en',
      resources: { en: { translation: en }, es: { translation: es } },
      initAsync: false,
      // React escapes what it renders; emails are plain text.
      interpolation: { escapeValue: false },
      returnNull: false,
    });
    instances.set(language, instance);
  }
  return instance;
}

/** The words of one language, for code that renders outside React (emails, flashes, refusals). */
export const wordsIn = (language: Language): TFunction => i18nFor(language).t;

/** Each English sentence of the catalogs (without placeholders), by its key. */
let byEnglish: Map<string, string> | undefined;
function englishIndex(): Map<string, string> {
  const index = new Map<string, string>();
  const walk = (tree: object, prefix: string) => {
    for (const [key, value] of Object.entries(tree))
      if (typeof value === 'object') walk(value as object, `${prefix}${key}.`);
      else if (!String(value).includes('{{')) index.set(String(value), `${prefix}${key}`);
  };
  walk(en, '');
  return index;
}

/**
 * A message the product words in English (a service's refusal, a flash) in the reader's language, when
 * the catalogs hold that exact sentence; any other message as it is.
 */
export function sayIn(language: Language, message: string): string {
  if (language === 'en') return message;
  const key = (byEnglish ??= englishIndex()).get(message);
  return key ? wordsIn(language)(key) : message;
}

/** Every key of the English catalog, to check that Spanish says each one (test/unit/i18n). */
export const CATALOGS = { en, es };
