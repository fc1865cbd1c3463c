/**
 * The optional language model (LLM_BASE_URL: Ollama, llama.cpp, vLLM, …) may reword a letter's prose
 * paragraphs, and nothing else: never the attorney's own words, the RE block, the items, the exhibits. A
 * reworded paragraph is kept only when it still holds every fact written into it word for word and brings
 * no fact of its own (a number, a date, a citation, an exhibit, a name); otherwise, or when the model fails
 * or is slow, the template's own words stand. The draft's facts are the same before and after
 * (`draftFacts`); the review sheet names the model and the paragraphs it reworded.
 */
import OpenAI from 'openai';
import type { LlmSettings } from '../../documents/analysis/llm';
import type { Block, Brief } from './model';

/** The brief is generated while the person waits: the model gets this long, then the template's words stand. */
const POLISH_TIMEOUT_MS = 20_000;

const INSTRUCTIONS =
  'You edit the prose of letters written by a U.S. immigration law firm to U.S. Citizenship and ' +
  'Immigration Services and to its clients. You receive a JSON object {"paragraphs": [...]}. Reword each ' +
  'paragraph so that it reads clearly and professionally, keeping its meaning, its length and its ' +
  'person (we, you). Never add, remove or change a name, date, number, form, receipt number or legal ' +
  'citation, and add no fact of your own. Answer with JSON only, in the same shape: ' +
  '{"paragraphs": [...]}, the same number of paragraphs in the same order.';

/** The facts a text states: numbers (dates, fees, receipt and A-numbers), citations' words, exhibits. */
const FACTS = /\d+|\b(?:CFR|U\.?S\.?C|INA|I&N|F\.[234]d)\b|§|\bExhibits? [A-Z]{1,2}\b/g;
const NUMBER_WORDS =
  /\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred|thousand|first|second|third|fourth|fifth)\b/gi;
/** Names: a capitalized word that does not open a sentence ("Matter" of a decision, a person, a place). */
const NAMES = /(?<![.!?:]\s|^|[“"(])\b\p{Lu}[\p{L}’'-]+/gu;

/** A text's facts as tokens: names as written, number words whatever their case. */
const tokensOf = (text: string) => [
  ...(text.match(FACTS) ?? []),
  ...(text.match(NUMBER_WORDS) ?? []).map((w) => w.toLowerCase()),
  ...(text.match(NAMES) ?? []),
];

/** The model's answer as plain prose: thinking, Markdown emphasis and extra white space removed. */
const plain = (text: string) =>
  text
    .replace(/<think>[\s\S]*?<\/think>/gi, '')
    .replace(/(\*\*|__|`+)/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Whether a reworded paragraph may replace the template's: every kept fact still there as written, no fact
 * token the original did not have, and about the same length.
 */
function faithful(original: string, reworded: string, keep: string[]): boolean {
  if (reworded.length < original.length / 3 || reworded.length > original.length * 2 + 120) return false;
  if (!keep.every((fact) => reworded.includes(fact))) return false;
  const allowed = new Set(tokensOf(original));
  return tokensOf(reworded).every((token) => allowed.has(token));
}

/** Every text of the letter, in order: what its facts are read from. */
const textsOf = (brief: Brief): string[] =>
  brief.blocks.flatMap((b) => {
    switch (b.type) {
      case 'heading':
      case 'paragraph':
        return [b.text];
      case 'fields':
      case 'lettered':
        return b.rows.flat();
      case 'list':
        return b.items;
      case 'numbered':
        return b.items.flatMap((i) => [i.text, i.answer ?? '']);
      case 'rules':
        return b.rules.map((r) => r.citation);
      case 'closing':
        return b.lines;
    }
  });

/** The set of the letter's facts (see tokensOf), sorted: a reworded letter states none beyond them. */
export const draftFacts = (brief: Brief): string[] => [...new Set(textsOf(brief).flatMap(tokensOf))].sort();

/** The paragraphs of the answer, or undefined when it holds no such JSON object. */
function paragraphsOf(answer: string): unknown[] | undefined {
  const text = answer.replace(/<think>[\s\S]*?<\/think>/gi, '');
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end < start) return undefined;
  try {
    const parsed = JSON.parse(text.slice(start, end + 1)) as { paragraphs?: unknown };
    return Array.isArray(parsed.paragraphs) ? parsed.paragraphs : undefined;
  } catch {
    return undefined;
  }
}

type ProseBlock = Extract<Block, { type: 'paragraph' }> & { prose: { keep: string[] } };
/** The template's prose: the attorney's own words (no `prose`) are never sent to the model. */
const isProse = (block: Block): block is ProseBlock => block.type === 'paragraph' && Boolean(block.prose);

export type Polisher = { polish(brief: Brief): Promise<Brief> };

/**
 * A polisher for the configured model, or undefined when none is configured. `polish` never throws: on any
 * failure it gives the brief as it was and tells `onError`.
 */
export function createPolisher(
  llm?: LlmSettings,
  options: { timeoutMs?: number; onError?: (error: Error) => void } = {},
): Polisher | undefined {
  if (!llm?.baseUrl) return undefined;
  // Local servers take any key; the client insists on one.
  const client = new OpenAI({ baseURL: llm.baseUrl, apiKey: llm.apiKey || 'none', maxRetries: 0 });
  const timeoutMs = options.timeoutMs ?? POLISH_TIMEOUT_MS;
  return {
    async polish(brief) {
      const prose = brief.blocks.filter(isProse);
      if (prose.length === 0) return brief;
      try {
        // One time limit for the whole exchange, the model's name included.
        const signal = AbortSignal.timeout(timeoutMs);
        const model = llm.model ?? (await client.models.list({ signal })).data[0]?.id;
        if (!model) throw new Error('The LLM server offers no model (set LLM_MODEL).');
        const completion = await client.chat.completions.create(
          {
            model,
            temperature: 0.2,
            messages: [
              { role: 'system', content: INSTRUCTIONS },
              { role: 'user', content: JSON.stringify({ paragraphs: prose.map((p) => p.text) }) },
            ],
          },
          { signal },
        );
        const answered = paragraphsOf(completion.choices[0]?.message?.content ?? '');
        if (!answered || answered.length !== prose.length)
          throw new Error(`The LLM did not answer with ${prose.length} paragraphs as JSON.`);
        const name = completion.model || model;
        const reworded = new Map<Block, string>();
        prose.forEach((block, i) => {
          const text = typeof answered[i] === 'string' ? plain(answered[i]) : '';
          if (text && text !== block.text && faithful(block.text, text, block.prose.keep))
            reworded.set(block, text);
        });
        const polished = {
          ...brief,
          blocks: brief.blocks.map((block) => {
            const text = reworded.get(block);
            return text && isProse(block)
              ? { ...block, text, prose: { ...block.prose, draftedBy: name } }
              : block;
          }),
        };
        // The paragraphs were checked one by one; the letter as a whole states the same facts too.
        const stated = new Set(draftFacts(brief));
        if (draftFacts(polished).some((fact) => !stated.has(fact)))
          throw new Error('The reworded letter states a fact the draft does not.');
        return polished;
      } catch (error) {
        options.onError?.(error instanceof Error ? error : new Error(String(error)));
        return brief;
      }
    },
  };
}
