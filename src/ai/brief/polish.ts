/**
 * The optional language model (LLM_BASE_URL: Ollama, llama.cpp, vLLM, …) may reword a brief's prose
 * paragraphs, and nothing else. A reworded paragraph is kept only when it still holds every fact written
 * into it word for word and brings no number, date or citation of its own; otherwise, or when the model
 * fails or is slow, the template's own words stand. Kept paragraphs name the model that wrote them.
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

/** Numbers (dates, fees, receipt and A-numbers) and the words that start a legal citation. */
const GUARDED = /\d+|\b(?:CFR|U\.?S\.?C|INA)\b|§/g;

/** The model's answer as plain prose: thinking, Markdown emphasis and extra white space removed. */
const plain = (text: string) =>
  text
    .replace(/<think>[\s\S]*?<\/think>/gi, '')
    .replace(/(\*\*|__|`+)/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Whether a reworded paragraph may replace the template's: every kept fact still there as written, no
 * number or citation that the original did not have, and about the same length.
 */
function faithful(original: string, reworded: string, keep: string[]): boolean {
  if (reworded.length < original.length / 3 || reworded.length > original.length * 2 + 120) return false;
  if (!keep.every((fact) => reworded.includes(fact))) return false;
  const allowed = new Set(original.match(GUARDED) ?? []);
  return (reworded.match(GUARDED) ?? []).every((token) => allowed.has(token));
}

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
const isProse = (block: Block): block is ProseBlock => block.type === 'paragraph' && Boolean(block.prose);

/** The model that reworded any of the brief's paragraphs, if one did. */
export const draftingModel = (brief: Brief): string | undefined =>
  brief.blocks.filter(isProse).find((b) => b.prose.draftedBy)?.prose.draftedBy;

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
        return {
          ...brief,
          blocks: brief.blocks.map((block) => {
            const text = reworded.get(block);
            return text && isProse(block)
              ? { ...block, text, prose: { ...block.prose, draftedBy: name } }
              : block;
          }),
        };
      } catch (error) {
        options.onError?.(error instanceof Error ? error : new Error(String(error)));
        return brief;
      }
    },
  };
}
