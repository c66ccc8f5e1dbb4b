import { beforeEach, describe, expect, it } from 'vitest';
import { type TagView, toLastView, useTagsStore } from './tags-store';

const view = (path: string, extra: Partial<TagView> = {}): TagView => ({
  path,
  fullPath: path,
  name: path,
  title: path.slice(1),
  ...extra,
});
const home = view('/home', { affix: true });
const a = view('/a');
const b = view('/b');
const c = view('/c', { noCache: true });
const store = () => useTagsStore.getState();
const paths = () => store().visitedViews.map((v) => v.path);

describe('tags store', () => {
  beforeEach(() => store().reset());

  it('TV-2 adds by path once, in visit order; TV-1 titles default to no-name', () => {
    store().addVisitedView(a);
    store().addVisitedView(b);
    store().addVisitedView({ ...a, fullPath: '/a?x=1' });
    store().addVisitedView({ ...view('/d'), title: '' });
    expect(paths()).toEqual(['/a', '/b', '/d']);
    expect(store().visitedViews[0]?.fullPath).toBe('/a');
    expect(store().visitedViews[2]?.title).toBe('no-name');
  });

  it('TV-3 caches names once, never noCache ones; addView does both', () => {
    store().addView(a);
    store().addView(a);
    store().addView(c);
    expect(paths()).toEqual(['/a', '/c']);
    expect(store().cachedViews).toEqual(['/a']);
  });

  it('TV-4 delView removes the view and its cached name', () => {
    store().addView(a);
    store().addView(b);
    store().delView(a);
    expect(paths()).toEqual(['/b']);
    expect(store().cachedViews).toEqual(['/b']);
  });

  it('TV-5 delOthersViews keeps affix views and the given one, in order', () => {
    [home, a, b, c].forEach((v) => store().addView(v));
    store().delOthersViews(b);
    expect(paths()).toEqual(['/home', '/b']);
    expect(store().cachedViews).toEqual(['/b']);
    store().delOthersViews(c);
    expect(store().cachedViews).toEqual([]);
  });

  it('TV-6 delAllViews keeps affix views and empties the cache', () => {
    [home, a, b].forEach((v) => store().addView(v));
    store().delAllViews();
    expect(paths()).toEqual(['/home']);
    expect(store().cachedViews).toEqual([]);
  });

  it('TV-7 updateVisitedView merges by path (fullPath follows the query)', () => {
    store().addView(a);
    store().updateVisitedView({ path: '/a', fullPath: '/a?page=2' });
    expect(store().visitedViews[0]).toMatchObject({ path: '/a', fullPath: '/a?page=2', title: 'a' });
  });

  it('TV-19 reset clears everything', () => {
    [home, a].forEach((v) => store().addView(v));
    store().reset();
    expect(store().visitedViews).toEqual([]);
  });
});

describe('toLastView (TV-13)', () => {
  it('goes to the last view left', () => {
    expect(toLastView([home, { ...a, fullPath: '/a?q=1' }], b)).toEqual({ kind: 'push', to: '/a?q=1' });
  });
  it('reloads the dashboard when it was the one closed', () => {
    expect(toLastView([], view('/dash', { name: 'Dashboard' }))).toEqual({
      kind: 'replace',
      to: '/redirect/dash',
    });
  });
  it('goes home otherwise', () => {
    expect(toLastView([], a)).toEqual({ kind: 'push', to: '/' });
  });
});
