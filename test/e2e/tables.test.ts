import type { Page } from 'puppeteer';
import { DEMO_PASSWORD } from '../helpers/app';
import { e2eSuite, screenshot } from './support';

/** Realistic worst cases: long firm names, and email addresses with few places or none to break a line. */
const LONG_FIRMS = [
  {
    name: 'Fragomen, Del Rey, Bernsen & Loewy Immigration and Nationality Law Partners LLP',
    contact_person: 'Maria-Alejandra Villanueva-Castellanos',
    contact_role: 'Managing Partner, Business Immigration',
    email: 'maria-alejandra.villanueva-castellanos@fragomen-delrey-bernsen-loewy-immigration.example',
    phone: '+1 (212) 555-0147 ext. 2210',
  },
  {
    name: 'Kurzweil-Ozturk Transatlantic Employment-Based Immigration Counsel PLLC',
    contact_person: 'Bartholomew Kurzweil-Ozturk',
    contact_role: 'Senior Associate',
    email: 'bartholomew.kurzweilozturk@transatlanticimmigrationcounsel.example',
    phone: '+44 20 7946 0958',
  },
];

const WIDTHS = [1280, 1024, 390];
const PHONE = 390;

/** How far the page, and each table's box, would have to scroll sideways to show everything. */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const excess = (box: Element) => Math.max(0, box.scrollWidth - box.clientWidth);
    return {
      page: Math.max(0, document.documentElement.scrollWidth - window.innerWidth),
      dataTables: [...document.querySelectorAll('.table-wrap')].map(excess),
      accessTables: [...document.querySelectorAll('.access-table-wrap')].map(excess),
    };
  });

describe('tables with long names fit their page', () => {
  const suite = e2eSuite();
  let firmId: string;

  beforeAll(async () => {
    const db = suite.t.database.db;
    const rows = await db
      .insertInto('firms')
      .values(LONG_FIRMS.map((f) => ({ ...f, status: 'active' as const })))
      .returning('id')
      .execute();
    firmId = rows[0].id;
    await db
      .insertInto('users')
      .values({
        firm_id: firmId,
        login_id: 'maria.villanueva-castellanos.business-immigration',
        first_name: 'Maria-Alejandra',
        last_name: 'Villanueva-Castellanos',
        email: LONG_FIRMS[0].email,
        role: 'admin',
        status: 'active',
        password_hash: '!invited',
      })
      .execute();
  });

  /** Signs in as platform staff from a page of the app's origin, as the login island would. */
  async function staffPage(): Promise<Page> {
    const { page } = await suite.open();
    await page.goto(`${suite.url}/login`);
    const status = await page.evaluate(
      async (password) =>
        (
          await fetch('/api/auth/login', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ user_id: 'reti', password }),
          })
        ).status,
      DEMO_PASSWORD,
    );
    expect(status).toBe(200);
    return page;
  }

  const pages = () => [
    ['dashboard', '/reti/dashboard'],
    ['firm', `/reti/firms/${firmId}`],
    ['actions', '/reti/actions'],
    ['roles', '/reti/role-management'],
  ];

  it.each(WIDTHS)(
    'at %i px no page is wider than the window, and the firms tables show whole',
    async (width) => {
      const page = await staffPage();
      await page.setViewport({ width, height: 900 });
      for (const [name, path] of pages()) {
        await page.goto(`${suite.url}${path}`);
        await screenshot(page, `tables-${name}-${width}`);
        const { page: pageExcess, dataTables, accessTables } = await overflow(page);
        expect([path, pageExcess]).toEqual([path, 0]);
        // The firms tables fit at every width (as cards on a phone); the access tables fit on a desktop.
        expect([path, dataTables.filter((e) => e > 0)]).toEqual([path, []]);
        if (width > PHONE) expect([path, accessTables.filter((e) => e > 0)]).toEqual([path, []]);
      }
    },
  );

  it('on a phone each firm is a card that names every value', async () => {
    const page = await staffPage();
    await page.setViewport({ width: PHONE, height: 900 });
    await page.goto(`${suite.url}/reti/dashboard`);
    const labels = await page.$eval('.data-table tbody tr', (row) =>
      [...row.querySelectorAll('td')].map((cell) => getComputedStyle(cell, '::before').content),
    );
    expect(labels).toEqual(
      ['Contact Person', 'Role', 'Email', 'Phone', 'Status', 'Onboard Date', 'Actions'].map((l) => `"${l}"`),
    );
  });

  it('on a phone a table that must scroll in its box shows a shadow on the side with more columns', async () => {
    const page = await staffPage();
    await page.setViewport({ width: PHONE, height: 900 });
    await page.goto(`${suite.url}/reti/actions`);
    const wrap = await page.$('.access-table-wrap');
    await wrap!.evaluate((e) => e.scrollIntoView());
    await screenshot(page, 'tables-actions-scroll-hint', { fullPage: false });
    const box = await wrap!.evaluate((e) => {
      const style = getComputedStyle(e);
      return {
        scrolls: e.scrollWidth > e.clientWidth,
        gradients: style.backgroundImage.match(/linear-gradient/g)?.length,
        attachments: style.backgroundAttachment,
      };
    });
    // Two covers that move with the content, over two shadows fixed to the box's edges (and the colour).
    expect(box).toEqual({ scrolls: true, gradients: 4, attachments: 'local, local, scroll, scroll, scroll' });
  });
});
