/**
 * The address change after a new content's first save (`?id=<new id>`) carries this navigation
 * state: the same composer stays mounted, and the leave guard lets it through.
 */
const ADOPTED = 'postdeck.composerAdopted';

export const ADOPTION_STATE = { [ADOPTED]: true } as const;

export const isAdoption = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && ADOPTED in state;

/** The `id` of the address: a positive integer, or null for a new content. */
export function parseContentId(raw: string | null): number | null {
  if (raw === null || !/^[1-9]\d*$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : null;
}
