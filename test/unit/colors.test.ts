import {
  contrastProblem,
  contrastRatio,
  darkerShade,
  readableOnWhiteText,
  relativeLuminance,
} from '../../src/shared/colors';

describe('WCAG contrast', () => {
  it('gives the known ratios against white', () => {
    expect(contrastRatio('#1d4ed8', '#ffffff')).toBeCloseTo(6.7, 2);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#000000', '#ffffff')).toBe(21);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // The order of the two colors does not matter.
    expect(contrastRatio('#ffffff', '#1d4ed8')).toBe(contrastRatio('#1d4ed8', '#ffffff'));
  });

  it('computes relative luminance as WCAG 2.x defines it', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBe(1);
    expect(relativeLuminance('#ff0000')).toBeCloseTo(0.2126, 4);
    expect(relativeLuminance('#00FF00')).toBeCloseTo(0.7152, 4);
  });

  it('passes AA (4.5:1) for white text on the default blue, and fails #777777', () => {
    expect(readableOnWhiteText('#1d4ed8')).toBe(true);
    expect(readableOnWhiteText('#767676')).toBe(true);
    expect(readableOnWhiteText('#777777')).toBe(false);
    expect(readableOnWhiteText('#ff0000')).toBe(false);
  });

  it('says why a color fails, with its ratio, and nothing for one that passes', () => {
    expect(contrastProblem('#777777')).toBe(
      'White text on #777777 has a contrast of 4.48:1; it needs at least 4.5:1 (WCAG AA). Choose a darker color.',
    );
    expect(contrastProblem('#FFFF00')).toBe(
      'White text on #ffff00 has a contrast of 1.07:1; it needs at least 4.5:1 (WCAG AA). Choose a darker color.',
    );
    // 4.4959:1 would round to 4.50: it is shown as the 4.49 it is, never as the ratio it misses.
    expect(contrastRatio('#70768e', '#ffffff')).toBeCloseTo(4.4959, 4);
    expect(contrastProblem('#70768e')).toContain('a contrast of 4.49:1');
    expect(contrastProblem('#1d4ed8')).toBeUndefined();
  });

  it('refuses text that is no #rrggbb color', () => {
    for (const bad of ['1d4ed8', '#1d4ed', '#1d4ed8ff', 'blue', '#gggggg', ''])
      expect(() => contrastRatio(bad, '#ffffff')).toThrow(`not a #rrggbb color: ${bad}`);
  });
});

describe('the hover shade', () => {
  it('keeps the hue, is darker, and so only raises the contrast with white', () => {
    expect(darkerShade('#1d4ed8')).toBe('#143797');
    expect(darkerShade('#0f766e')).toBe('#0a534d');
    expect(darkerShade('#777777')).toBe('#535353');
    expect(darkerShade('#000000')).toBe('#000000');
    for (const color of ['#1d4ed8', '#0f766e', '#b91c1c', '#7c2d12', '#4b5563', '#ff00ff'])
      expect(contrastRatio(darkerShade(color), '#ffffff')).toBeGreaterThan(contrastRatio(color, '#ffffff'));
  });
});
