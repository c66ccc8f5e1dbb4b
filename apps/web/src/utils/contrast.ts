import { FastColor } from '@ant-design/fast-color';

/** WCAG 2 AA for body text. */
export const AA_TEXT = 4.5;

/** The WCAG contrast ratio of two opaque colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [new FastColor(a).getLuminance(), new FastColor(b).getLuminance()].sort(
    (x, y) => y - x,
  ) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * `color`, darkened (on a light background) or lightened (on a dark one) in small steps until
 * text in it on `background`, or `background`-coloured text on it, reaches `ratio`. A colour
 * that already passes comes back unchanged, so users still see the preset they chose.
 */
export function readableOn(color: string, background: string, ratio = AA_TEXT): string {
  const darken = new FastColor(background).isLight();
  let candidate = new FastColor(color);
  for (let step = 0; step < 50 && contrastRatio(candidate.toHexString(), background) < ratio; step++) {
    candidate = darken ? candidate.darken(2) : candidate.lighten(2);
  }
  return candidate.toHexString();
}
