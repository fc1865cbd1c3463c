/**
 * An optional plain-language summary from an OpenAI-compatible LLM (Ollama, llama.cpp, vLLM, ...), when
 * LLM_BASE_URL is set. The analysis never depends on it: a summary that fails, or takes too long, is
 * simply absent, and its text is prose for people to read, never facts the analysis relies on.
 */
import OpenAI from 'openai';
import { DOCUMENT_TYPES, type DocumentAnalysis } from '../../shared/documents';

export type LlmSettings = { baseUrl: string; apiKey?: string; model?: string };
export type Summarizer = {
  summarize(text: string, analysis: DocumentAnalysis): Promise<{ text: string; model: string } | undefined>;
};

/** A summary is a nicety: it may not hold a document's analysis up for long. */
export const SUMMARY_TIMEOUT_MS = 15_000;
/** The document's text sent along (its start): enough for a summary, small enough for a local model. */
const TEXT_LIMIT = 6_000;
const ANSWER_LIMIT = 800;

const INSTRUCTIONS =
  'You summarize documents for U.S. immigration lawyers. Answer with a plain summary of two or three ' +
  'sentences: what the document is, whose it is, and what in it matters for the case. Write prose only: ' +
  'no lists, no headings, no formatting. Use only facts found in the document.';

/** The answer as prose: a reasoning model's thinking, Markdown and extra whitespace removed. */
function prose(answer: string): string {
  const text = answer
    .replace(/<think>[\s\S]*?<\/think>/gi, '')
    .replace(/^\s*(?:#{1,6}\s+|[-*+]\s+|\d+[.)]\s+|>\s?)/gm, '')
    .replace(/(\*\*|__|`+)/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= ANSWER_LIMIT) return text;
  const cut = text.slice(0, ANSWER_LIMIT);
  const end = cut.lastIndexOf('. ');
  return end > 0 ? cut.slice(0, end + 1) : `${cut.trimEnd()}…`;
}

function prompt(text: string, analysis: DocumentAnalysis): string {
  const { fields } = analysis;
  const facts = [
    `Recognized as: ${DOCUMENT_TYPES[analysis.type]}`,
    fields.names.length ? `Names: ${fields.names.join('; ')}` : '',
    fields.receiptNumbers.length ? `Receipt numbers: ${fields.receiptNumbers.join(', ')}` : '',
    fields.formNumber ? `Form: ${fields.formNumber}` : '',
    analysis.findings.length ? `Issues found: ${analysis.findings.map((f) => f.title).join('; ')}` : '',
  ].filter(Boolean);
  return `${facts.join('\n')}\n\nDocument text:\n"""\n${text.slice(0, TEXT_LIMIT)}\n"""`;
}

/**
 * A summarizer for the configured LLM, or undefined when none is configured. Its `summarize` never
 * throws: on any failure (down, slow, refused, empty answer) it gives undefined and tells `onError`.
 */
export function createSummarizer(
  llm?: LlmSettings,
  options: { timeoutMs?: number; onError?: (error: Error) => void } = {},
): Summarizer | undefined {
  if (!llm?.baseUrl) return undefined;
  const client = new OpenAI({
    baseURL: llm.baseUrl,
    // Local servers take any key; the client insists on one.
    apiKey: llm.apiKey || 'none',
    timeout: options.timeoutMs ?? SUMMARY_TIMEOUT_MS,
    maxRetries: 0,
  });
  let model = llm.model;
  return {
    async summarize(text, analysis) {
      try {
        // Without LLM_MODEL, the server's first model.
        model ??= (await client.models.list()).data[0]?.id;
        if (!model) throw new Error('The LLM server offers no model (set LLM_MODEL).');
        const completion = await client.chat.completions.create({
          model,
          temperature: 0,
          max_tokens: 300,
          messages: [
            { role: 'system', content: INSTRUCTIONS },
            { role: 'user', content: prompt(text, analysis) },
          ],
        });
        const answer = prose(completion.choices[0]?.message?.content ?? '');
        if (!answer) throw new Error('The LLM gave an empty answer.');
        return { text: answer, model: completion.model || model };
      } catch (error) {
        options.onError?.(error instanceof Error ? error : new Error(String(error)));
        return undefined;
      }
    },
  };
}
