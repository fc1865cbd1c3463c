import { briefPage } from './brief';

/**
 * The Legal Brief Generator's page; whether a language model is configured (the page says it may reword
 * the prose) is the app's configuration.
 */
export const briefPages = (options: { drafting: boolean }) => [briefPage(options)];
