// `npx tsx scripts/favicon.ts`: writes the site icons from the logo's mark (views/components/Logo.tsx), to
// run after changing it: favicon.svg, and favicon.ico with the mark drawn by the system Chromium at 16, 32
// and 48 px (PNG images inside, which every browser of the last decade reads). The build copies both.
import fs from 'node:fs';
import path from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { launchBrowser } from '../test/helpers/browser';
import { LogoMark } from '../views/components/Logo';

const DIR = path.join(__dirname, '..', 'views', 'components');
const SIZES = [16, 32, 48];

const svg = renderToStaticMarkup(createElement(LogoMark, { xmlns: 'http://www.w3.org/2000/svg' }));

/** An ICO file: a 6-byte header, a 16-byte entry per image, then the images (PNG) one after another. */
function ico(images: Array<{ size: number; png: Buffer }>): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, i) => {
    const entry = 6 + 16 * i;
    header.writeUInt8(size, entry);
    header.writeUInt8(size, entry + 1);
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map((i) => i.png)]);
}

async function main(): Promise<void> {
  fs.writeFileSync(path.join(DIR, 'favicon.svg'), svg);
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    const images = [];
    for (const size of SIZES) {
      await page.setViewport({ width: size, height: size });
      await page.setContent(
        `<body style="margin:0"><img src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}" width="${size}" height="${size}" style="display:block">`,
      );
      images.push({ size, png: Buffer.from(await page.screenshot({ type: 'png', omitBackground: true })) });
    }
    fs.writeFileSync(path.join(DIR, 'favicon.ico'), ico(images));
  } finally {
    await browser.close();
  }
  console.log(`wrote views/components/favicon.svg and favicon.ico (${SIZES.join(', ')} px)`);
}

void main();
