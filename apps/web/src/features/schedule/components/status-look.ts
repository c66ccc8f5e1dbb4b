import type { Publication } from '@postdeck/contract/publishing';

/** How the page tells an upcoming publication's state: 'paused' is a queued one a pause holds. */
export type ScheduleLook = 'scheduled' | 'queued' | 'held' | 'paused';

/**
 * Backgrounds of the calendar's events, each dark enough for white text (WCAG AA, over 4.5:1):
 * antd's blue-7, cyan-8, orange-8 and grey-8.
 */
export const LOOK_COLOURS: Record<ScheduleLook, string> = {
  scheduled: '#0958d9',
  queued: '#006d75',
  held: '#ad4e00',
  paused: '#595959',
};

export const LOOKS = Object.keys(LOOK_COLOURS) as ScheduleLook[];

export function lookOf(publication: Pick<Publication, 'status' | 'error'>): ScheduleLook {
  if (publication.error?.kind === 'paused') return 'paused';
  if (publication.status === 'queued' || publication.status === 'held') return publication.status;
  return 'scheduled';
}
