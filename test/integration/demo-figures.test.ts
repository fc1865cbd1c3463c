import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { seedDemo } from '../../src/demo/seed';
import { documentsDirOf, localDocumentStorage } from '../../src/documents/storage';
import { DEMO_PASSWORD, demoFirmId, signIn, startTestApp, type TestApp, visibleText } from '../helpers/app';

const mainText = (html: string) => visibleText(/<main[\s\S]*<\/main>/.exec(html)![0]);

// PGlite only: the figures are the dashboard's own queries, which the dashboard tests run on both backends;
// this file checks that the demo data set, documents included, adds up to SPEC §9's sample figures.
describe('the demo data set on the administrator dashboard', () => {
  let t: TestApp;
  let firmId: string;

  beforeAll(async () => {
    t = await startTestApp();
    firmId = await demoFirmId(t.database);
    // The test apps' demo practice has no document storage; this is what `npm run seed` and a demo start add.
    await seedDemo(t.database.db, DEMO_PASSWORD, localDocumentStorage(documentsDirOf(t.config)));
  });
  afterAll(() => t.close());

  it("shows SPEC's sample figures from real rows: 42 active users, 156 cases, 89 documents, 24 AI tool uses", async () => {
    const { agent } = await signIn(t.app, 'admin');
    const page = await agent.get('/admin/dashboard');
    expect(page.status).toBe(200);
    expect(mainText(page.text)).toContain(
      'Dashboard Active Users 42 Total Cases 156 Documents 89 AI Tools Used 24',
    );
  });

  it('stores each of the 89 documents as a file named by its ID whose SHA-256 is the one recorded', async () => {
    const rows = await t.database.db
      .selectFrom('documents')
      .select(['id', 'sha256', 'size', 'storage_key'])
      .where('firm_id', '=', firmId)
      .execute();
    expect(rows).toHaveLength(89);
    for (const row of rows) {
      const bytes = fs.readFileSync(path.join(documentsDirOf(t.config), firmId, row.id));
      expect([bytes.length, crypto.createHash('sha256').update(bytes).digest('hex')]).toEqual([
        row.size,
        row.sha256,
      ]);
    }
  });

  it('seeds the documents once: a second start adds none', async () => {
    await seedDemo(t.database.db, DEMO_PASSWORD, localDocumentStorage(documentsDirOf(t.config)));
    const { n } = await t.database.db
      .selectFrom('documents')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('firm_id', '=', firmId)
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(89);
  });
});
