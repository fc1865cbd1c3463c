import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { analyzeText } from '../../src/documents/analysis/analyze';
import { createSummarizer } from '../../src/documents/analysis/llm';

/**
 * The optional LLM summary against a small local server that speaks the OpenAI protocol, as Ollama,
 * llama.cpp and vLLM do: POST /v1/chat/completions, GET /v1/models.
 */
type Received = { path: string; authorization?: string; body: unknown };
const received: Received[] = [];
let answer = '';
let hang = false;

const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk));
  req.on('end', () => {
    received.push({
      path: `${req.method} ${req.url}`,
      authorization: req.headers.authorization,
      body: body && JSON.parse(body),
    });
    if (hang) return; // never answers: a server too slow for the summary's time limit
    res.setHeader('Content-Type', 'application/json');
    if (req.method === 'GET' && req.url === '/v1/models') {
      res.end(
        JSON.stringify({ object: 'list', data: [{ id: 'llama3.2:3b', object: 'model', owned_by: 'local' }] }),
      );
    } else if (req.method === 'POST' && req.url === '/v1/chat/completions') {
      const { model } = JSON.parse(body) as { model: string };
      res.end(
        JSON.stringify({
          id: 'chatcmpl-1',
          object: 'chat.completion',
          created: 1_700_000_000,
          model,
          choices: [{ index: 0, message: { role: 'assistant', content: answer }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
        }),
      );
    } else {
      res.statusCode = 404;
      res.end('{}');
    }
  });
});

let baseUrl = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  received.length = 0;
  hang = false;
});

const TEXT =
  'I-797C, Notice of Action\nReceipt Notice\nReceipt Number IOE0912345678\nCase Type: I-130 Petition for Alien Relative\nNotice Date: March 4, 2024\nBeneficiary: MARIA GARCIA LOPEZ';
const analysis = analyzeText({ text: TEXT, method: 'pdf-text', pages: 1 }, { today: '2026-11-20' });

test('not configured: no summarizer, and the analysis stands without one', () => {
  expect(createSummarizer(undefined)).toBeUndefined();
  expect(createSummarizer({ baseUrl: '' })).toBeUndefined();
  expect(analysis.summary).toBeUndefined();
});

test("the summary is the server's answer, as plain prose, with the model that wrote it", async () => {
  answer =
    '<think>The user wants a summary.</think>\n**Summary:** This is a USCIS receipt notice for Form I-130 filed for Maria Garcia Lopez.\n- It was issued on March 4, 2024.';
  const summarizer = createSummarizer({ baseUrl, apiKey: 'secret-key', model: 'qwen2.5:7b' });
  const summary = await summarizer?.summarize(TEXT, analysis);
  expect(summary).toEqual({
    text: 'Summary: This is a USCIS receipt notice for Form I-130 filed for Maria Garcia Lopez. It was issued on March 4, 2024.',
    model: 'qwen2.5:7b',
  });
  expect(received).toHaveLength(1);
  const [request] = received;
  expect(request.path).toBe('POST /v1/chat/completions');
  expect(request.authorization).toBe('Bearer secret-key');
  const body = request.body as { model: string; messages: { role: string; content: string }[] };
  expect(body.model).toBe('qwen2.5:7b');
  expect(body.messages[0]).toMatchObject({
    role: 'system',
    content: expect.stringContaining('two or three sentences'),
  });
  expect(body.messages[1].content).toContain('Recognized as: I-797C Receipt Notice');
  expect(body.messages[1].content).toContain('Receipt Number IOE0912345678');
});

test("without LLM_MODEL, the server's first model is used", async () => {
  answer = 'A receipt notice for an I-130 petition.';
  const summary = await createSummarizer({ baseUrl })?.summarize(TEXT, analysis);
  expect(summary).toEqual({ text: 'A receipt notice for an I-130 petition.', model: 'llama3.2:3b' });
  expect(received.map((r) => r.path)).toEqual(['GET /v1/models', 'POST /v1/chat/completions']);
});

test('an empty answer gives no summary', async () => {
  answer = '  ';
  const errors: Error[] = [];
  const summarizer = createSummarizer({ baseUrl, model: 'm' }, { onError: (e) => errors.push(e) });
  expect(await summarizer?.summarize(TEXT, analysis)).toBeUndefined();
  expect(errors.map((e) => e.message)).toEqual(['The LLM gave an empty answer.']);
});

test('a server that is down gives no summary, at once and without throwing', async () => {
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const port = (closed.address() as AddressInfo).port;
  await new Promise((resolve) => closed.close(resolve));
  const errors: Error[] = [];
  const summarizer = createSummarizer(
    { baseUrl: `http://127.0.0.1:${port}/v1`, model: 'm' },
    { onError: (e) => errors.push(e) },
  );
  const started = performance.now();
  expect(await summarizer?.summarize(TEXT, analysis)).toBeUndefined();
  expect(performance.now() - started).toBeLessThan(2000);
  expect(errors).toHaveLength(1);
});

test('a server too slow gives no summary once the time limit passes, with one try only', async () => {
  hang = true;
  const errors: Error[] = [];
  const summarizer = createSummarizer(
    { baseUrl, model: 'm' },
    { timeoutMs: 300, onError: (e) => errors.push(e) },
  );
  const started = performance.now();
  expect(await summarizer?.summarize(TEXT, analysis)).toBeUndefined();
  const ms = performance.now() - started;
  expect(ms).toBeGreaterThanOrEqual(250);
  expect(ms).toBeLessThan(2000);
  expect(received).toHaveLength(1);
  expect(errors).toHaveLength(1);
});
