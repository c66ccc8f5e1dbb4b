import { describe, expect, it } from 'vitest';
import { useTagsStore } from '../layout/tags-view/tags-store';
import { resetToken } from './session';

describe('resetToken (PG-6, TV-19)', () => {
  it('clears every tag, affix ones included', () => {
    useTagsStore.getState().addView({ path: '/a', fullPath: '/a', name: '/a', title: 'a', affix: true });
    useTagsStore.getState().addView({ path: '/b', fullPath: '/b', name: '/b', title: 'b' });
    resetToken();
    expect(useTagsStore.getState()).toMatchObject({ visitedViews: [], cachedViews: [] });
  });
});
