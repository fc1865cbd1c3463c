import QRCode from 'qrcode';
import { renderToStaticMarkup } from 'react-dom/server';
import { QrCode } from '../../views/components/QrCode';

/** Scanners need four light modules around the code (ISO/IEC 18004). */
const QUIET_ZONE = 4;

export type QrDrawing = { size: number; path: string };

/**
 * The QR code of `text` as one SVG path: each row's runs of dark modules become rectangles. Drawn on the
 * server, so the page needs no script, no image request and no data: URL.
 */
export function qrDrawing(text: string): QrDrawing {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size;) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < modules.size && modules.get(row, col)) col++;
      parts.push(`M${start + QUIET_ZONE} ${row + QUIET_ZONE}h${col - start}v1h-${col - start}z`);
    }
  }
  return { size: modules.size + 2 * QUIET_ZONE, path: parts.join('') };
}

/** The same drawing as SVG markup, for the JSON API (`qrSvg`). */
export const qrSvg = (drawing: QrDrawing) =>
  renderToStaticMarkup(<QrCode size={drawing.size} path={drawing.path} />);
