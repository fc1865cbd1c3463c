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
};

export async function measureIntake(databaseUrl: string): Promise<IntakeFigures> {
  const scoped = await freshSchema(databaseUrl);
  const dataDir = makeTempDir('reti-bench-intake-');
  const app = await startApp({ name: 'intake', databaseUrl: scoped.url, dataDir, logLevel: 'silent' });
  try {
    const cookie = await signIn(app.baseUrl, 'attorney');
    const { csrfToken } = await signedInPage(app.baseUrl, '/user/cases', cookie);
    const headers = {
      cookie,
      'x-csrf-token': csrfToken,
      'content-type': 'application/json',
      'x-forwarded-proto': 'https',
    };
    const api = async (method: string, path: string, body?: object) => {
      const res = await fetch(`${app.baseUrl}/api${path}`, {
        method,
        headers,
        body: body && JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
      return res.json();
    };
    const cases = await api('GET', '/cases?formType=N-400&pageSize=1');
    const [party] = await api('GET', `/cases/${cases.items[0].id}/parties`);
    const { id } = await api('POST', `/cases/${cases.items[0].id}/questionnaires`, {
      template: 'naturalization',
      partyId: party.id,
    });
    const template = TEMPLATES.get('naturalization')!;
    const all = sampleAnswers(template, 'beneficiary');
    const largest = [...template.sections].sort((a, b) => b.questions.length - a.questions.length)[0];
    const answers = Object.fromEntries(
      largest.questions.filter((q) => all[q.id] !== undefined).map((q) => [q.id, all[q.id]]),
    );
    const time = async (run: () => Promise<unknown>) => {
      const started = performance.now();
      await run();
      return performance.now() - started;
    };
    const saves: number[] = [];
    const pages: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      saves.push(await time(() => api('POST', `/questionnaires/${id}/answers`, { answers })));
      pages.push(
        await time(async () => {
          const res = await fetch(`${app.baseUrl}/user/questionnaires/${id}/fill?section=${largest.id}`, {
            headers: { cookie },
          });
          if (res.status !== 200) throw new Error(`the fill page answered ${res.status}`);
          await res.text();
        }),
      );
    }
    return {
      section: largest.id,
      answers: Object.keys(answers).length,
      save: { p50: percentile(saves, 50), p95: percentile(saves, 95) },
      page: { p50: percentile(pages, 50), p95: percentile(pages, 95) },
    };
  } finally {
    // The temporary folder and the schema go with the bench's own clean-up at its end.
    await app.stop();
  }
}
