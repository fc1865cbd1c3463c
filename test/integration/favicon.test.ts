import fs from 'node:fs';
import path from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import request from 'supertest';
import { readManifest } from '../../src/http/assets';
import { LogoMark } from '../../views/components/Logo';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../helpers/app';
import { launchBrowser } from '../helpers/browser';

const SOURCES = path.join(__dirname, '..', '..', 'views', 'components');
const committed = (name: string) => fs.readFileSync(path.join(SOURCES, name));
const REGENERATE = 'run `npx tsx scripts/favicon.ts` after changing the logo';

/** The images inside an ICO file: its entries name each image's size, length and offset. */
function icoImages(ico: Buffer): Array<{ size: number; png: Buffer }> {
  return Array.from({ length: ico.readUInt16LE(4) }, (_, i) => {
    const entry = 6 + 16 * i;
    const offset = ico.readUInt32LE(entry + 12);
    return { size: ico[entry] || 256, png: ico.subarray(offset, offset + ico.readUInt32LE(entry + 8)) };
  });
}

describe('the site icon', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const manifest = readManifest();

  it('/favicon.ico is the logo as an icon, kept by the browser for a week, not a redirect home', async () => {
    const res = await request(t.app).get('/favicon.ico');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)$/);
    expect(res.headers['cache-control']).toBe('public, max-age=604800');
    expect((res.body as Buffer).equals(committed('favicon.ico'))).toBe(true);
  });

  it.each(['/', '/public', '/login'])(
    '%s links the SVG icon and the ICO, both cached for a year',
    async (page) => {
      const html = (await request(t.app).get(page)).text;
      expect(html).toContain(`<link rel="icon" href="${manifest.icons.ico}" sizes="32x32"/>`);
      expect(html).toContain(`<link rel="icon" href="${manifest.icons.svg}" type="image/svg+xml"/>`);
      const svg = await request(t.app).get(manifest.icons.svg);
      expect(svg.headers['content-type']).toBe('image/svg+xml');
      expect(svg.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const ico = await request(t.app).get(manifest.icons.ico);
      expect(ico.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((ico.body as Buffer).equals(committed('favicon.ico'))).toBe(true);
    },
  );

  it('signed-in pages link it too', async () => {
    const agent = request.agent(t.app);
    await agent.post('/api/auth/login').send({ user_id: 'admin', password: DEMO_PASSWORD }).expect(200);
    expect((await agent.get('/admin/dashboard')).text).toContain(`href="${manifest.icons.svg}"`);
  });

  it(`favicon.svg is the logo's mark as the header draws it (${REGENERATE})`, () => {
    const mark = renderToStaticMarkup(createElement(LogoMark, { xmlns: 'http://www.w3.org/2000/svg' }));
    expect(committed('favicon.svg').toString()).toBe(mark);
  });

  it(`each image in favicon.ico looks like favicon.svg drawn at its size (${REGENERATE})`, async () => {
    const images = icoImages(committed('favicon.ico'));
    expect(images.map((i) => i.size)).toEqual([16, 32, 48]);
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      const svgUrl = `data:image/svg+xml;base64,${committed('favicon.svg').toString('base64')}`;
      for (const { size, png } of images) {
        // Mean difference per colour channel, 0–255, between the two drawn on canvases of the same size.
        const difference = await page.evaluate(
          async (size, a, b) => {
            const pixels = async (src: string) => {
              const image = new Image(size, size);
              image.src = src;
              await image.decode();
              const canvas = new OffscreenCanvas(size, size);
              const context = canvas.getContext('2d')!;
              context.drawImage(image, 0, 0, size, size);
              return context.getImageData(0, 0, size, size).data;
            };
            const [x, y] = await Promise.all([pixels(a), pixels(b)]);
            return x.reduce((sum, v, i) => sum + Math.abs(v - y[i]), 0) / x.length;
          },
          size,
          `data:image/png;base64,${png.toString('base64')}`,
          svgUrl,
        );
        expect(difference).toBeLessThan(2);
      }
    } finally {
      await browser.close();
    }
  });
});
