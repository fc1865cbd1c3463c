import zlib from 'node:zlib';
import request from 'supertest';
import { createSettingsStore } from '../../src/settings/store';
import {
  csrfFrom,
  demoFirmId,
  secondFirm,
  signIn,
  startTestApp,
  type TestApp,
  visibleText,
} from '../helpers/app';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (data: Buffer) => {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A real PNG of one blue pixel. */
function png(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.from([0, 0x1d, 0x4e, 0xd8]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const EVIL_SVG = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 120 40" onload="alert('onload')">
  <script>alert('script')</script>
  <style>@import url(https://evil.example/font.css); .mark { fill: #0f766e; }</style>
  <foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml">foreign</div></foreignObject>
  <a href="javascript:alert('href')"><rect class="mark" width="40" height="40" rx="6"/></a>
  <a xlink:href="javascript:alert('xlink')"><circle cx="60" cy="20" r="8"/></a>
  <image href="https://evil.example/tracker.png" width="1" height="1"/>
  <rect x="80" width="20" height="20" style="fill: url(https://evil.example/paint)" onclick="alert('click')"/>
  <text x="70" y="36" font-size="10">Demo Law</text>
</svg>`;

const LOGO_RULE = 'The logo must be a PNG or SVG file of at most 512 KB.';

describe("a firm's branding", () => {
  let t: TestApp;
  let firmId: string;
  beforeAll(async () => {
    t = await startTestApp();
    firmId = await demoFirmId(t.database);
  });
  afterAll(() => t?.close());
  afterEach(() =>
    createSettingsStore(t.database.db).save(firmId, {
      primary_color: '#1d4ed8',
      logo: null,
      logo_type: null,
    }),
  );

  const settingsRow = () =>
    t.database.db.selectFrom('firm_settings').selectAll().where('firm_id', '=', firmId).executeTakeFirst();
  const themeLink = (html: string) =>
    /<link rel="stylesheet" href="(\/firms\/[^"]+\/theme-[0-9a-z]+\.css)"\/>/.exec(html)?.[1];
  const logoSrc = (html: string) => /<img src="(\/firms\/[^"]+\/logo-[0-9a-z]+)" alt="([^"]*)"/.exec(html);

  async function upload(
    signedIn: { agent: request.Agent; token: string },
    file: Buffer,
    filename: string,
    type: string,
  ) {
    return signedIn.agent
      .post('/api/settings/appearance/logo')
      .set('X-CSRF-Token', signedIn.token)
      .attach('logo', file, { filename, contentType: type });
  }

  describe('the stylesheet', () => {
    it("is linked on its members' pages and holds the firm's primary color and its hover shade", async () => {
      await createSettingsStore(t.database.db).save(firmId, { primary_color: '#0f766e' });
      for (const login of ['admin', 'attorney']) {
        const { agent, home } = await signIn(t.app, login);
        const page = await agent.get(home);
        const href = themeLink(page.text);
        expect(href).toMatch(new RegExp(`^/firms/${firmId}/theme-[0-9a-z]+\\.css$`));
        // The product's stylesheet first, the firm's after it, so the firm's colors win.
        expect(page.text.indexOf('/assets/styles-')).toBeLessThan(page.text.indexOf(href!));
        const csp = String(page.headers['content-security-policy']);
        expect(csp).toContain("style-src 'self'");
        expect(csp).not.toContain('unsafe-inline');

        const sheet = await agent.get(href!);
        expect(sheet.status).toBe(200);
        expect(sheet.headers['content-type']).toBe('text/css; charset=utf-8');
        expect(sheet.headers['cache-control']).toBe('private, max-age=31536000, immutable');
        expect(sheet.text).toBe(':root {\n  --primary: #0f766e;\n  --primary-dark: #0a534d;\n}\n');
      }
    });

    it('moves to a new URL when the color changes; the old URL leads to the new one', async () => {
      const { agent, home } = await signIn(t.app, 'admin');
      const before = themeLink((await agent.get(home)).text)!;
      await new Promise((resolve) => setTimeout(resolve, 5));
      await createSettingsStore(t.database.db).save(firmId, { primary_color: '#7c2d12' });
      const after = themeLink((await agent.get(home)).text)!;
      expect(after).not.toBe(before);
      expect((await agent.get(after)).text).toContain('--primary: #7c2d12;');
      const old = await agent.get(before);
      expect(old.status).toBe(302);
      expect(old.headers.location).toBe(after);
      expect(old.headers['cache-control']).toBe('no-store');
    });

    it("is not found for anyone but the firm's signed-in members", async () => {
      const { agent, home } = await signIn(t.app, 'admin');
      const href = themeLink((await agent.get(home)).text)!;
      expect((await request(t.app).get(href)).status).toBe(404);
      const staff = await signIn(t.app, 'reti');
      expect((await staff.agent.get(href)).status).toBe(404);
      expect(themeLink((await staff.agent.get(staff.home)).text)).toBeUndefined();
      const other = await secondFirm(t);
      const stranger = await signIn(t.app, other.admin);
      expect((await stranger.agent.get(href)).status).toBe(404);
      // The other firm has its own, at its own URL.
      expect(themeLink((await stranger.agent.get(stranger.home)).text)).toMatch(`/firms/${other.id}/theme-`);
      expect((await agent.get('/firms/not-a-firm/theme-abc.css')).status).toBe(404);
      expect(themeLink((await request(t.app).get('/login')).text)).toBeUndefined();
    });
  });

  describe('the logo', () => {
    it("takes a PNG, serves it to the firm's members, and shows it in their header with the firm's name", async () => {
      const admin = await signIn(t.app, 'admin');
      const res = await upload(admin, png(), 'logo.png', 'image/png');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ hasLogo: true, version: expect.stringMatching(/^[0-9a-z]+$/) });
      const row = (await settingsRow())!;
      expect(row.logo_type).toBe('image/png');
      expect(Buffer.compare(Buffer.from(row.logo!), png())).toBe(0);
      const audit = await t.database.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'settings.logo.updated')
        .executeTakeFirstOrThrow();
      expect(audit).toMatchObject({ firm_id: firmId, after: { hasLogo: true, type: 'image/png' } });

      for (const login of ['admin', 'attorney']) {
        const { agent, home } = await signIn(t.app, login);
        const page = await agent.get(home);
        const img = logoSrc(page.text);
        expect(img?.[1]).toBe(`/firms/${firmId}/logo-${res.body.version}`);
        expect(img?.[2]).toBe('Demo Immigration Law');
        expect(page.text).not.toContain('aria-label="Reti Immigration home"');
        const logo = await agent.get(img![1]).buffer(true);
        expect(logo.status).toBe(200);
        expect(logo.headers['content-type']).toBe('image/png');
        expect(logo.headers['x-content-type-options']).toBe('nosniff');
        expect(logo.headers['cache-control']).toBe('private, max-age=31536000, immutable');
        expect(Buffer.compare(logo.body as Buffer, png())).toBe(0);
      }

      const href = `/firms/${firmId}/logo-${res.body.version}`;
      expect((await request(t.app).get(href)).status).toBe(404);
      const staff = await signIn(t.app, 'reti');
      expect((await staff.agent.get(href)).status).toBe(404);
      expect((await staff.agent.get(staff.home)).text).toContain('aria-label="Reti Immigration home"');
      const other = await secondFirm(t);
      expect((await (await signIn(t.app, other.admin)).agent.get(href)).status).toBe(404);
    });

    it('refuses a text file named .png with 415 and says what is accepted; nothing is stored', async () => {
      const admin = await signIn(t.app, 'admin');
      const res = await upload(admin, Buffer.from('just some text, not an image\n'), 'logo.png', 'image/png');
      expect(res.status).toBe(415);
      expect(res.body).toMatchObject({
        error: `This file is not a PNG or SVG image. ${LOGO_RULE}`,
        fields: { logo: `This file is not a PNG or SVG image. ${LOGO_RULE}` },
      });
      expect((await settingsRow())?.logo ?? null).toBeNull();
      // A PNG under another name, and an SVG that is no well-formed XML, are refused alike.
      expect((await upload(admin, png(), 'logo.gif', 'image/gif')).status).toBe(415);
      expect((await upload(admin, Buffer.from('<svg><g></svg>'), 'logo.svg', 'image/svg+xml')).status).toBe(
        415,
      );
      expect(
        (
          await upload(
            admin,
            Buffer.from('<html xmlns="http://www.w3.org/1999/xhtml"/>'),
            'logo.svg',
            'image/svg+xml',
          )
        ).status,
      ).toBe(415);
      const none = await admin.agent
        .post('/api/settings/appearance/logo')
        .set('X-CSRF-Token', admin.token)
        .send({});
      expect(none.status).toBe(422);
      expect(none.body.error).toBe(`Choose a file. ${LOGO_RULE}`);
    });

    it('refuses a file over 512 KB with 413 while streaming it, and stores nothing', async () => {
      const admin = await signIn(t.app, 'admin');
      const big = Buffer.concat([png(), Buffer.alloc(512 * 1024)]);
      const res = await upload(admin, big, 'logo.png', 'image/png');
      expect(res.status).toBe(413);
      expect(res.body.error).toBe(`This file is larger than 512 KB. ${LOGO_RULE}`);
      expect((await settingsRow())?.logo ?? null).toBeNull();
      // Exactly 512 KB is still taken.
      const limit = Buffer.concat([png(), Buffer.alloc(512 * 1024 - png().length)]);
      expect((await upload(admin, limit, 'logo.png', 'image/png')).status).toBe(200);
      // Far too large: refused on its declared length, before reading it.
      const huge = await upload(admin, Buffer.alloc(5 * 1024 * 1024), 'logo.png', 'image/png');
      expect(huge.status).toBe(413);
      expect(huge.body.error).toBe(`This file is larger than 512 KB. ${LOGO_RULE}`);
      expect((await settingsRow())?.logo?.length).toBe(512 * 1024);
    });

    it('sanitizes an SVG: no script, event handler, foreign object, external reference or javascript: URL', async () => {
      const admin = await signIn(t.app, 'admin');
      const res = await upload(admin, Buffer.from(EVIL_SVG), 'logo.svg', 'image/svg+xml');
      expect(res.status).toBe(200);
      const stored = (await settingsRow())!;
      expect(stored.logo_type).toBe('image/svg+xml');
      const logo = await admin.agent.get(`/firms/${firmId}/logo-${res.body.version}`).buffer(true);
      expect(logo.headers['content-type']).toBe('image/svg+xml');
      expect(logo.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
      expect(logo.headers['x-content-type-options']).toBe('nosniff');
      const svg = Buffer.from(logo.body as Buffer).toString('utf8');
      expect(svg).toBe(Buffer.from(stored.logo!).toString('utf8'));
      for (const gone of [
        '<script',
        'alert(',
        'onload',
        'onclick',
        'foreignObject',
        'foreign',
        'evil.example',
        'javascript:',
        '@import',
      ])
        expect(svg).not.toContain(gone);
      // What makes the logo is kept.
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(svg).toContain('viewBox="0 0 120 40"');
      expect(svg).toContain('<rect class="mark" width="40" height="40" rx="6"/>');
      expect(svg).toContain('.mark { fill: #0f766e; }');
      expect(svg).toContain('>Demo Law</text>');
    });

    it('is removed by DELETE, after which the header shows the product logo again', async () => {
      const admin = await signIn(t.app, 'admin');
      await upload(admin, png(), 'logo.png', 'image/png');
      const res = await admin.agent.delete('/api/settings/appearance/logo').set('X-CSRF-Token', admin.token);
      expect(res.status).toBe(204);
      expect(await settingsRow()).toMatchObject({ logo: null, logo_type: null });
      expect((await admin.agent.get(admin.home)).text).toContain('aria-label="Reti Immigration home"');
      const again = await admin.agent
        .delete('/api/settings/appearance/logo')
        .set('X-CSRF-Token', admin.token);
      expect(again.status).toBe(404);
      expect(again.body.error).toBe('Your firm has no logo to remove.');
      expect(
        await t.database.db
          .selectFrom('audit_log')
          .select('id')
          .where('action', '=', 'settings.logo.removed')
          .execute(),
      ).toHaveLength(1);
    });

    it("is an administrator's change, of the administrator's own firm only", async () => {
      const user = await signIn(t.app, 'attorney');
      expect((await upload(user, png(), 'logo.png', 'image/png')).status).toBe(403);
      expect(
        (await user.agent.delete('/api/settings/appearance/logo').set('X-CSRF-Token', user.token)).status,
      ).toBe(403);
      const staff = await signIn(t.app, 'reti');
      expect((await upload(staff, png(), 'logo.png', 'image/png')).status).toBe(403);
      const anonymous = await request(t.app)
        .post('/api/settings/appearance/logo')
        .attach('logo', png(), { filename: 'logo.png', contentType: 'image/png' });
      expect(anonymous.status).toBe(401);
      const admin = await signIn(t.app, 'admin');
      const noToken = await admin.agent
        .post('/api/settings/appearance/logo')
        .attach('logo', png(), { filename: 'logo.png', contentType: 'image/png' });
      expect(noToken.status).toBe(403);

      const other = await secondFirm(t);
      const stranger = await signIn(t.app, other.admin);
      expect((await upload(stranger, png(), 'logo.png', 'image/png')).status).toBe(200);
      expect((await settingsRow())?.logo ?? null).toBeNull();
      const theirs = await t.database.db
        .selectFrom('firm_settings')
        .select('logo_type')
        .where('firm_id', '=', other.id)
        .executeTakeFirstOrThrow();
      expect(theirs.logo_type).toBe('image/png');
    });
  });

  describe('the logo page, without JavaScript', () => {
    const post = (agent: request.Agent, token: string, file: Buffer, filename: string) =>
      agent
        .post('/admin/settings/appearance/logo')
        .field('_csrf', token)
        .attach('logo', file, { filename, contentType: 'application/octet-stream' });

    it('uploads with a multipart form, then removes with a plain one, each with a 303 and a message', async () => {
      const { agent } = await signIn(t.app, 'admin');
      const page = await agent.get('/admin/settings/appearance/logo');
      expect(page.status).toBe(200);
      expect(page.text).toMatch(/enctype="multipart\/form-data"/i);
      expect(visibleText(page.text)).toContain('No logo yet: the header shows the Reti Immigration logo.');
      const token = csrfFrom(page.text);

      const sent = await post(agent, token, png(), 'logo.png');
      expect(sent.status).toBe(303);
      expect(sent.headers.location).toBe('/admin/settings/appearance');
      const after = await agent.get('/admin/settings/appearance/logo');
      expect(visibleText(after.text)).toContain("Logo saved. It shows in the header for your firm's users.");
      expect(after.text).toMatch(
        /<img src="\/firms\/[^"]+\/logo-[0-9a-z]+" alt="Current logo of Demo Immigration Law"/,
      );

      const removed = await agent
        .post('/admin/settings/appearance/logo/delete')
        .type('form')
        .send({ _csrf: token });
      expect(removed.status).toBe(303);
      expect(removed.headers.location).toBe('/admin/settings/appearance');
      expect(visibleText((await agent.get('/admin/settings/appearance/logo')).text)).toContain(
        'Logo removed. The header shows the Reti Immigration logo again.',
      );
      expect((await settingsRow())?.logo).toBeNull();
    });

    it('shows a refused file on the same page, with its status and what is accepted', async () => {
      const { agent } = await signIn(t.app, 'admin');
      const token = csrfFrom((await agent.get('/admin/settings/appearance/logo')).text);
      const text = await post(agent, token, Buffer.from('plain text'), 'logo.png');
      expect(text.status).toBe(415);
      expect(visibleText(text.text)).toContain(`This file is not a PNG or SVG image. ${LOGO_RULE}`);
      expect(text.text).toContain('aria-invalid="true"');
      const big = await post(agent, token, Buffer.concat([png(), Buffer.alloc(600 * 1024)]), 'logo.png');
      expect(big.status).toBe(413);
      expect(visibleText(big.text)).toContain(`This file is larger than 512 KB. ${LOGO_RULE}`);
      const none = await agent
        .post('/admin/settings/appearance/logo/delete')
        .type('form')
        .send({ _csrf: token });
      expect(none.status).toBe(404);
      expect(visibleText(none.text)).toContain('Your firm has no logo to remove.');
      const forged = await agent
        .post('/admin/settings/appearance/logo')
        .attach('logo', png(), { filename: 'logo.png', contentType: 'image/png' });
      expect(forged.status).toBe(403);
      expect((await settingsRow())?.logo ?? null).toBeNull();
    });
  });
});
