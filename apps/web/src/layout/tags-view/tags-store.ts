import { create } from 'zustand';

/** Checklist TV-1: a visited view. `title` is a route-title key (I18-4), 'no-name' when none. */
export interface TagView {
  path: string;
  fullPath: string;
  /** The route's name; views without one are not added (TV-9). */
  name?: string;
  title: string;
  affix?: boolean;
  noCache?: boolean;
}

/**
 * Page cache decision (checklist AM-1): Postdeck has NO keep-alive page cache. Server data is
 * kept by TanStack Query, so a page that remounts shows its data at once; form drafts are not
 * kept. `cachedViews` is still kept as the template has it (TV-3..TV-6) so the store's rules are
 * the same, but nothing renders from it: Refresh simply remounts through /redirect (TV-14).
 */
interface TagsState {
  visitedViews: TagView[];
  cachedViews: string[];
  addVisitedView: (view: TagView) => void;
  addCachedView: (view: TagView) => void;
  addView: (view: TagView) => void;
  delView: (view: TagView) => void;
  delCachedView: (view: TagView) => void;
  delOthersViews: (view: TagView) => void;
  delAllViews: () => void;
  updateVisitedView: (view: Partial<TagView> & { path: string }) => void;
  /** TV-19: logout forgets every view, affix included (they come back with the next menu). */
  reset: () => void;
}

export const useTagsStore = create<TagsState>()((set, get) => ({
  visitedViews: [],
  cachedViews: [],
  // TV-2: by path, in order of first visit.
  addVisitedView: (view) => {
    if (get().visitedViews.some((v) => v.path === view.path)) return;
    set({ visitedViews: [...get().visitedViews, { ...view, title: view.title || 'no-name' }] });
  },
  // TV-3
  addCachedView: (view) => {
    if (!view.name || view.noCache || get().cachedViews.includes(view.name)) return;
    set({ cachedViews: [...get().cachedViews, view.name] });
  },
  addView: (view) => {
    get().addVisitedView(view);
    get().addCachedView(view);
  },
  // TV-4
  delView: (view) => {
    set({
      visitedViews: get().visitedViews.filter((v) => v.path !== view.path),
      cachedViews: get().cachedViews.filter((name) => name !== view.name),
    });
  },
  delCachedView: (view) => set({ cachedViews: get().cachedViews.filter((name) => name !== view.name) }),
  // TV-5
  delOthersViews: (view) => {
    const cached = view.name !== undefined && get().cachedViews.includes(view.name);
    set({
      visitedViews: get().visitedViews.filter((v) => v.affix || v.path === view.path),
      cachedViews: cached && view.name ? [view.name] : [],
    });
  },
  // TV-6
  delAllViews: () => set({ visitedViews: get().visitedViews.filter((v) => v.affix), cachedViews: [] }),
  // TV-7
  updateVisitedView: (view) => {
    set({ visitedViews: get().visitedViews.map((v) => (v.path === view.path ? { ...v, ...view } : v)) });
  },
  reset: () => set({ visitedViews: [], cachedViews: [] }),
}));

export type LastViewAction = { kind: 'push' | 'replace'; to: string };

/**
 * Checklist TV-13: where to go after the active tag closed: the last view left, else a reload
 * of the dashboard when it was the dashboard that closed, else '/'.
 */
export function toLastView(visited: readonly TagView[], view: TagView): LastViewAction {
  const last = visited[visited.length - 1];
  if (last) return { kind: 'push', to: last.fullPath };
  if (view.name === 'Dashboard' || view.title === 'dashboard')
    return { kind: 'replace', to: `/redirect${view.fullPath}` };
  return { kind: 'push', to: '/' };
}
