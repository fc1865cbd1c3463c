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

/** Every key of the English catalog, to check that Spanish says each one (test/unit/i18n). */
export const CATALOGS = { en, es };
