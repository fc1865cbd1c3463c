import fs from 'node:fs/promises';
import type { ReceivedFile } from '../http/multipart';
import { SVG_LIMITS, svgShapeRefusal } from './svg';

export const LOGO_MAX_BYTES = 512 * 1024;
export type LogoType = 'image/png' | 'image/svg+xml';
export type Logo = { type: LogoType; bytes: Buffer };

const ACCEPTED = 'The logo must be a PNG or SVG file of at most 512 KB.';

/** Why a file is not taken as the logo, said so that the person knows what is accepted. */
export const LOGO_REFUSALS = {
  missing: { status: 422, message: `Choose a file. ${ACCEPTED}` },
  type: { status: 415, message: `This file is not a PNG or SVG image. ${ACCEPTED}` },
  size: { status: 413, message: `This file is larger than 512 KB. ${ACCEPTED}` },
  empty: { status: 422, message: `Nothing would be left of this SVG once made safe. ${ACCEPTED}` },
  cdata: {
    status: 422,
    message: `This SVG holds a CDATA section, which a logo does not need: save it again as plain SVG. ${ACCEPTED}`,
  },
  instruction: {
    status: 422,
    message: `This SVG holds a processing instruction (<?…?>) besides the XML declaration: save it again as plain SVG. ${ACCEPTED}`,
  },
  'css-escape': {
    status: 422,
    message: `This SVG's styles use CSS escapes (a backslash), which can hide a link to another site: save it again without them. ${ACCEPTED}`,
  },
  complex: {
    status: 422,
    message: `This SVG is too complex for a logo: at most ${SVG_LIMITS.elements.toLocaleString('en-US')} elements, nested at most ${SVG_LIMITS.depth} deep. ${ACCEPTED}`,
  },
} as const;
export type LogoRefusal = keyof typeof LOGO_REFUSALS;

/** A PNG file's signature, followed by its first chunk, which must be the header (IHDR). */
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const isPng = (bytes: Buffer) =>
  bytes.length > 24 &&
  bytes.subarray(0, 8).equals(PNG_SIGNATURE) &&
  bytes.toString('latin1', 12, 16) === 'IHDR';

/**
 * Sanitizes an SVG's text away from the web process's event loop (see sanitizeSvg): the safe SVG, or
 * undefined when it is no SVG or nothing safe is left; a 'complex' refusal when it took too long.
 */
export type SvgSanitizer = (text: string) => Promise<string | undefined | 'complex'>;

/**
 * The uploaded file as the firm's logo: its type decided by its content (the PNG signature, or text that
 * parses as SVG), which its name's extension must agree with; an SVG comes back sanitized.
 */
export async function readLogo(
  file: ReceivedFile | undefined,
  sanitize: SvgSanitizer,
): Promise<Logo | LogoRefusal> {
  if (!file) return 'missing';
  if (file.tooLarge) return 'size';
  const bytes = await fs.readFile(file.path);
  const extension = /\.(png|svg)$/i.exec(file.filename)?.[1]?.toLowerCase();
  if (isPng(bytes)) return extension === 'png' ? { type: 'image/png', bytes } : 'type';
  if (extension !== 'svg' || bytes.includes(0)) return 'type';
  const text = bytes.toString('utf8');
  const shape = svgShapeRefusal(text);
  if (shape) return shape;
  const clean = await sanitize(text);
  if (clean === 'complex') return 'complex';
  if (clean === undefined) return 'type';
  if (!/<(path|rect|circle|ellipse|line|polyline|polygon|text|image|use)\b/.test(clean)) return 'empty';
  return { type: 'image/svg+xml', bytes: Buffer.from(clean) };
}
