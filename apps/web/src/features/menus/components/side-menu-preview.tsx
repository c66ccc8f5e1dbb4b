import type { MenuItem } from '@postdeck/contract/menu';
import { Empty, Menu, Typography } from 'antd';
import { memo, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { menuIcon } from '../../../layout/sidebar/menu-icons';
import { type SideMenuItems, buildMenuItems } from '../../../layout/sidebar/menu-items';
import { localMenuTitle } from '../../../utils/menu-title';

/** Keys of every submenu, outermost first. */
function submenuKeys(items: SideMenuItems): string[] {
  return items.flatMap((item) =>
    item && 'children' in item && Array.isArray(item.children)
      ? [String(item.key), ...submenuKeys(item.children as SideMenuItems)]
      : [],
  );
}

interface SideMenuPreviewProps {
  /** The menu as the sidebar is given it (previewMenu). */
  menu: readonly MenuItem[];
  /** The entry being edited, highlighted. */
  selectedId?: number;
  /** Its url, the key the sidebar gives a page entry. */
  selectedUrl?: string;
  /** Says what the preview shows. */
  description: string;
}

/**
 * The side menu as the sidebar would build it (the same code: hidden entries and empty groups
 * dropped, sort order, a lone child in its group's place), dark like the sidebar, in the
 * interface language. Read-only: choosing an entry goes nowhere. Every submenu is open until
 * the administrator closes it, new ones too.
 */
export const SideMenuPreview = memo(function SideMenuPreview({
  menu,
  selectedId,
  selectedUrl,
  description,
}: SideMenuPreviewProps) {
  const { t } = useTranslation();
  const headingId = useId();
  // `t` changes with the language, so a switch retitles the preview.
  const items = useMemo(
    () =>
      buildMenuItems(menu, {
        title: (entry) => localMenuTitle(entry.menu_name, entry.titles, t),
        icon: menuIcon,
      }),
    [menu, t],
  );
  const [closed, setClosed] = useState<ReadonlySet<string>>(() => new Set());
  const all = useMemo(() => submenuKeys(items), [items]);
  const openKeys = all.filter((key) => !closed.has(key));
  const selectedKeys = [
    ...(selectedId === undefined ? [] : [`menu:${selectedId}`]),
    ...(selectedUrl ? [selectedUrl] : []),
  ];

  return (
    <section aria-labelledby={headingId}>
      <Typography.Title level={5} id={headingId} style={{ marginTop: 0 }}>
        {t('menus.preview')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{description}</Typography.Paragraph>
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('menus.previewEmpty')} />
      ) : (
        <Menu
          mode="inline"
          theme="dark"
          aria-label={t('menus.preview')}
          data-testid="menu-preview"
          items={items}
          selectable={false}
          selectedKeys={selectedKeys}
          openKeys={openKeys}
          onOpenChange={(next) => setClosed(new Set(all.filter((key) => !next.includes(key))))}
          // A link to an external target stays a link; everything else goes nowhere.
          onClick={() => undefined}
          style={{ maxWidth: 260, borderRadius: 4, paddingBlock: 4 }}
        />
      )}
    </section>
  );
});
