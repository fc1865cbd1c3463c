/** Colors as `#rrggbb`: WCAG 2.x contrast, and the darker shade a firm's buttons take on hover. */

export const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/** WCAG AA for normal text: the least contrast white text needs on a primary-colored button. */
export const AA_TEXT_RATIO = 4.5;

const channels = (hex: string): [number, number, number] => {
  if (!HEX_COLOR.test(hex)) throw new Error(`not a #rrggbb color: ${hex}`);
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
};

const toHex = (rgb: number[]) =>
  `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/** WCAG 2.x relative luminance: the sRGB channels made linear, weighted as the eye sees them. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colors, from 1 (none) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** Whether white text on this color meets WCAG AA (4.5:1). */
export const readableOnWhiteText = (hex: string) => contrastRatio(hex, '#ffffff') >= AA_TEXT_RATIO;

/** Why white text on this color is too faint, with its ratio (never rounded up to the 4.50 it misses). */
export function contrastProblem(hex: string): string | undefined {
  const ratio = contrastRatio(hex, '#ffffff');
  if (ratio >= AA_TEXT_RATIO) return undefined;
  const rounded = ratio.toFixed(2);
  const shown = Number(rounded) < AA_TEXT_RATIO ? rounded : (Math.floor(ratio * 100) / 100).toFixed(2);
  return `White text on ${hex.toLowerCase()} has a contrast of ${shown}:1; it needs at least ${AA_TEXT_RATIO}:1 (WCAG AA). Choose a darker color.`;
}

/**
 * The same hue with its HSL lightness cut by `amount` (30% by default): the hover shade. Darker only
 * ever raises the contrast with white, so a color that passes keeps passing.
 */
export function darkerShade(hex: string, amount = 0.3): string {
  const [r, g, b] = channels(hex).map((c) => c / 255);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  const s = d === 0 ? 0 : d / (1 - Math.abs(2 * l - 1));
  let h = 0;
  if (d !== 0) {
    if (max === r) h = ((g - b) / d) % 6;
    else if (max === g) h = (b - r) / d + 2;
    else h = (r - g) / d + 4;
    h = ((h % 6) + 6) % 6;
  }
  const lightness = l * (1 - amount);
  const c = (1 - Math.abs(2 * lightness - 1)) * s;
  const x = c * (1 - Math.abs((h % 2) - 1));
  const m = lightness - c / 2;
  const sector = Math.floor(h);
  const [r1, g1, b1] = [
    [c, x, 0],
    [x, c, 0],
    [0, c, x],
    [0, x, c],
    [x, 0, c],
    [c, 0, x],
  ][sector];
  return toHex([r1, g1, b1].map((v) => (v + m) * 255));
}
