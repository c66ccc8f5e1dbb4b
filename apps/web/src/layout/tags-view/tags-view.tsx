import { CloseOutlined } from '@ant-design/icons';
import { DEFAULT_LANDING } from '@postdeck/contract/constants';
import type { MenuItem } from '@postdeck/contract/menu';
import { Dropdown, type MenuProps, theme } from 'antd';
import { type MouseEvent, type WheelEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type UIMatch, useLocation, useMatches, useNavigate } from 'react-router';
import { routeTitle } from '../../i18n/i18n';
import { useUserStore } from '../../stores/user-store';
import { type TagView, toLastView, useTagsStore } from './tags-store';
import styles from './tags-view.module.css';

const titleOf = (matches: readonly UIMatch[]): string | undefined => {
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as { title?: string } | undefined;
    if (handle?.title) return handle.title;
  }
  return undefined;
};

const findEntry = (menu: readonly MenuItem[], url: string): MenuItem | undefined => {
  for (const item of menu) {
    if (item.url === url) return item;
    const inner = findEntry(item.children, url);
    if (inner) return inner;
  }
  return undefined;
};

/**
 * TV-8: the affix tags. The server menu has no affix flag, so Postdeck pins the landing page
 * ('/' redirects there; spec §2) when the user's menu has it.
 */
export function affixViews(menu: readonly MenuItem[]): TagView[] {
  const landing = findEntry(menu, DEFAULT_LANDING);
  if (!landing) return [];
  return [
    { path: landing.url, fullPath: landing.url, name: landing.url, title: landing.menu_name, affix: true },
  ];
}

/** TV-18: the wheel scrolls the bar sideways. */
export function wheelScrollDelta(event: { deltaY: number; wheelDelta?: number }): number {
  return (event.wheelDelta || -event.deltaY * 40) / 4;
}

/** A tag's box inside the scrolling bar (offsetLeft, offsetWidth). */
export interface TagBox {
  left: number;
  width: number;
}

/** How far past a neighbouring tag the bar scrolls, so its edge is not flush with the bar's. */
const TAG_MARGIN = 4;

/**
 * TV-18: the bar's scrollLeft that brings the tag at `index` into view. The first tag scrolls
 * to the start and the last to the end; otherwise its neighbours must be visible, ±4 px.
 */
export function scrollLeftFor(
  tags: readonly TagBox[],
  index: number,
  bar: { scrollLeft: number; clientWidth: number; scrollWidth: number },
): number {
  if (index <= 0) return 0;
  if (index >= tags.length - 1) return Math.max(0, bar.scrollWidth - bar.clientWidth);
  const prev = tags[index - 1] as TagBox;
  const next = tags[index + 1] as TagBox;
  const afterNext = next.left + next.width + TAG_MARGIN;
  const beforePrev = prev.left - TAG_MARGIN;
  if (afterNext > bar.scrollLeft + bar.clientWidth) return afterNext - bar.clientWidth;
  if (beforePrev < bar.scrollLeft) return Math.max(0, beforePrev);
  return bar.scrollLeft;
}

export function TagsView() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const location = useLocation();
  const titleKey = titleOf(useMatches());
  const menu = useUserStore((state) => state.menu);
  const visitedViews = useTagsStore((state) => state.visitedViews);
  const scrollRef = useRef<HTMLDivElement>(null);
  const fullPath = location.pathname + location.search;
  // TV-17: the path whose context menu is open; a click elsewhere or a scroll of the bar closes it.
  const [menuOpenFor, setMenuOpenFor] = useState<string | null>(null);

  // TV-8: affix tags first.
  useEffect(() => {
    affixViews(menu).forEach((view) => useTagsStore.getState().addView(view));
  }, [menu]);

  // TV-9: add the current route (when it has a title), keep fullPath following the query.
  useEffect(() => {
    if (location.pathname.startsWith('/redirect/') || !titleKey) return;
    const { addView, updateVisitedView } = useTagsStore.getState();
    addView({ path: location.pathname, fullPath, name: location.pathname, title: titleKey });
    updateVisitedView({ path: location.pathname, fullPath });
  }, [location.pathname, fullPath, titleKey]);

  // TV-9/TV-18: bring the active tag into view.
  useEffect(() => {
    const bar = scrollRef.current;
    if (!bar) return;
    const tags = [...bar.querySelectorAll<HTMLElement>('[data-testid="tags-view-item"]')];
    const index = tags.findIndex((tag) => tag.dataset['active'] === 'true');
    if (index < 0) return;
    const boxes = tags.map((tag) => ({ left: tag.offsetLeft, width: tag.offsetWidth }));
    bar.scrollLeft = scrollLeftFor(boxes, index, bar);
  }, [location.pathname, visitedViews.length]);

  const isActive = (view: TagView) => view.path === location.pathname;

  const go = (to: ReturnType<typeof toLastView>) => void navigate(to.to, { replace: to.kind === 'replace' });

  // TV-12
  const closeTag = (view: TagView) => {
    if (view.affix) return;
    useTagsStore.getState().delView(view);
    if (isActive(view)) go(toLastView(useTagsStore.getState().visitedViews, view));
  };
  // TV-14: no page cache (see tags-store.ts), so refreshing is a remount through /redirect.
  const refresh = (view: TagView) => {
    useTagsStore.getState().delCachedView(view);
    void navigate(`/redirect${view.fullPath}`, { replace: true });
  };
  // TV-15
  const closeOthers = (view: TagView) => {
    void navigate(view.fullPath);
    useTagsStore.getState().delOthersViews(view);
  };
  // TV-16, with its quirk fixed: when the current page's tag is gone, go to the last view.
  const closeAll = (view: TagView) => {
    useTagsStore.getState().delAllViews();
    const left = useTagsStore.getState().visitedViews;
    if (!left.some((v) => v.path === location.pathname)) go(toLastView(left, view));
  };

  const menuFor = (view: TagView): MenuProps => ({
    items: [
      { key: 'refresh', label: t('tagsView.refresh') },
      ...(view.affix ? [] : [{ key: 'close', label: t('tagsView.close') }]),
      { key: 'closeOthers', label: t('tagsView.closeOthers') },
      { key: 'closeAll', label: t('tagsView.closeAll') },
    ],
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      setMenuOpenFor(null);
      if (key === 'refresh') refresh(view);
      if (key === 'close') closeTag(view);
      if (key === 'closeOthers') closeOthers(view);
      if (key === 'closeAll') closeAll(view);
    },
  });

  const onWheel = (event: WheelEvent<HTMLDivElement>) => {
    const native = event.nativeEvent as globalThis.WheelEvent & { wheelDelta?: number };
    event.currentTarget.scrollLeft += wheelScrollDelta({
      deltaY: event.deltaY,
      wheelDelta: native.wheelDelta,
    });
  };

  // TV-11: the middle button closes non-affix tags.
  const onAuxClick = (event: MouseEvent, view: TagView) => {
    if (event.button === 1) {
      event.preventDefault();
      closeTag(view);
    }
  };

  return (
    <nav className={styles.tagsView} aria-label={t('shell.tags')} data-testid="tags-view">
      <div
        className={styles.scroll}
        ref={scrollRef}
        onWheel={onWheel}
        onScroll={() => setMenuOpenFor(null)}
        data-testid="tags-view-scroll"
      >
        {visitedViews.map((view) => {
          const active = isActive(view);
          const title = routeTitle(view.title, t);
          return (
            <Dropdown
              key={view.path}
              trigger={['contextMenu']}
              menu={menuFor(view)}
              open={menuOpenFor === view.path}
              onOpenChange={(open) => setMenuOpenFor(open ? view.path : null)}
            >
              <span
                role="link"
                tabIndex={0}
                className={styles.tag}
                data-active={active}
                data-testid="tags-view-item"
                style={
                  active
                    ? { background: token.colorPrimary, borderColor: token.colorPrimary, color: '#fff' }
                    : undefined
                }
                onClick={() => void navigate(view.fullPath)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') void navigate(view.fullPath);
                }}
                onAuxClick={(event) => onAuxClick(event, view)}
              >
                {active && <span className={styles.dot} />}
                {title}
                {!view.affix && (
                  <CloseOutlined
                    className={styles.close}
                    aria-label={`${t('shell.closeTag')} ${title}`}
                    data-testid="tags-view-close"
                    onClick={(event) => {
                      event.stopPropagation();
                      closeTag(view);
                    }}
                  />
                )}
              </span>
            </Dropdown>
          );
        })}
      </div>
    </nav>
  );
}
