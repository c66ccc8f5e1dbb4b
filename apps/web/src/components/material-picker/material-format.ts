const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/**
 * Sizes in the reader's language, counted in 1024s like the server's limits are written
 * (20971520 is '20 MB' in the README and in the refusal).
 */
export function formatBytes(bytes: number, lang: string): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(lang, {
    style: 'unit',
    unit: BYTE_UNITS[unit],
    // 'short' bytes read '512 byte' in English; spelled out they read well everywhere.
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}

/** A video's length as a player shows it: 0:07, 12:05, 1:02:03. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** Size, a video's length and the dimensions, as one short line under a thumbnail. */
export function metaLine(
  material: { bytes: number; durationMs: number | null; width: number | null; height: number | null },
  lang: string,
): string {
  const parts = [formatBytes(material.bytes, lang)];
  if (material.durationMs !== null) parts.push(formatDuration(material.durationMs));
  if (material.width !== null && material.height !== null) parts.push(`${material.width}×${material.height}`);
  return parts.join(' · ');
}
