// A questionnaire being answered, through the real server on PostgreSQL: the time the server takes to
// save one section's answers (the N-400's largest section, all its answers at once, as the form posts
// them) and to render the fill page of that section, p50 and p95 over many requests.
import { performance } from 'node:perf_hooks';
import { sampleAnswers } from '../../src/intake/demo';
import { TEMPLATES } from '../../src/intake/templates';
import { signIn, signedInPage, startApp } from './app';
import { makeTempDir } from './children';
import { percentile } from './isolation';
import { freshSchema } from './services';

export const INTAKE_GOALS = { answerP95Ms: 200, pageP95Ms: 300 };
const REQUESTS = 150;

export type IntakeFigures = {
  section: string;
  answers: number;
  save: { p50: number; p95: number };
  page: { p50: number; p95: number };
  /** The same, by the client in the portal: their family questionnaire's largest section, and its page. */
  portal: {
    section: string;
    answers: number;
    save: { p50: number; p95: number };
    page: { p50: number; p95: number };
  };
};

const time = async (run: () => Promise<unknown>) => {
  const started = performance.now();
  await run();
  return performance.now() - started;
};

/** A signed-in caller of the API and of pages, through the real server. */
async function caller(baseUrl: string, userId: string, home: string) {
  const cookie = await signIn(baseUrl, userId);
  const { csrfToken } = await signedInPage(baseUrl, home, cookie);
  const headers = {
    cookie,
    'x-csrf-token': csrfToken,
    'content-type': 'application/json',
    'x-forwarded-proto': 'https',
  };
  return {
    async api(method: string, path: string, body?: object) {
      const res = await fetch(`${baseUrl}/api${path}`, {
        method,
        headers,
        body: body && JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
      return res.json();
    },
    async page(path: string) {
      const res = await fetch(`${baseUrl}${path}`, { headers: { cookie } });
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
      await res.text();
    },
  };
}

/** The answers of a template's largest section, from a complete set. */
function largestSection(templateId: string) {
  const template = TEMPLATES.get(templateId)!;
  const all = sampleAnswers(template, 'beneficiary');
  const largest = [...template.sections].sort((a, b) => b.questions.length - a.questions.length)[0];
  const answers = Object.fromEntries(
    largest.questions.filter((q) => all[q.id] !== undefined).map((q) => [q.id, all[q.id]]),
  );
  return { section: largest.id, answers };
}

/** Saves and page loads, one after the other, REQUESTS times each: their p50 and p95. */
async function measure(save: () => Promise<unknown>, page: () => Promise<unknown>) {
  const saves: number[] = [];
  const pages: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    saves.push(await time(save));
    pages.push(await time(page));
  }
  return {
    save: { p50: percentile(saves, 50), p95: percentile(saves, 95) },
    page: { p50: percentile(pages, 50), p95: percentile(pages, 95) },
  };
}

export async function measureIntake(databaseUrl: string): Promise<IntakeFigures> {
  const scoped = await freshSchema(databaseUrl);
  const dataDir = makeTempDir('reti-bench-intake-');
  const app = await startApp({ name: 'intake', databaseUrl: scoped.url, dataDir, logLevel: 'silent' });
  try {
    const firm = await caller(app.baseUrl, 'attorney', '/user/cases');
    const cases = await firm.api('GET', '/cases?formType=N-400&pageSize=1');
    const [party] = await firm.api('GET', `/cases/${cases.items[0].id}/parties`);
    const { id } = await firm.api('POST', `/cases/${cases.items[0].id}/questionnaires`, {
      template: 'naturalization',
      partyId: party.id,
    });
    const n400 = largestSection('naturalization');
    const byFirm = await measure(
      () => firm.api('POST', `/questionnaires/${id}/answers`, { answers: n400.answers }),
      () => firm.page(`/user/questionnaires/${id}/fill?section=${n400.section}`),
    );
    // The demo client answering their family questionnaire in the portal.
    const client = await caller(app.baseUrl, 'client', '/portal');
    const matters = await client.api('GET', '/portal/matters');
    const mine = matters.flatMap((m: { questionnaires: Array<{ id: string }> }) => m.questionnaires)[0];
    const family = largestSection('family');
    const byClient = await measure(
      () => client.api('POST', `/portal/questionnaires/${mine.id}/answers`, { answers: family.answers }),
      () => client.page(`/portal/questionnaires/${mine.id}?section=${family.section}`),
    );
    return {
      section: n400.section,
      answers: Object.keys(n400.answers).length,
      ...byFirm,
      portal: { section: family.section, answers: Object.keys(family.answers).length, ...byClient },
    };
  } finally {
    // The temporary folder and the schema go with the bench's own clean-up at its end.
    await app.stop();
  }
}
