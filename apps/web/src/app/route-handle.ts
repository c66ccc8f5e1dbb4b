import type { UIMatch } from 'react-router';

/** What a route tells the shell about itself: `title` is a route-title key (checklist I18-4). */
export interface RouteHandle {
  title?: string;
}

const handleOf = (match: UIMatch): RouteHandle | undefined =>
  typeof match.handle === 'object' && match.handle !== null ? (match.handle as RouteHandle) : undefined;

/** The title key of the deepest matched route that has one. */
export function matchedTitle(matches: readonly UIMatch[]): string | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const match = matches[i];
    const title = match ? handleOf(match)?.title : undefined;
    if (title) return title;
  }
  return undefined;
}
