import type { MenuAdminItem } from '@postdeck/contract/menu';
import { Button, Popconfirm, Space, Tag, Tooltip, Typography } from 'antd';
import { ScrollTable } from '../../../components/scroll-table';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { menuIcon } from '../../../layout/sidebar/menu-icons';
import { localMenuTitle } from '../../../utils/menu-title';
import { type TreeNode, nestTree, parentIds } from '../../../utils/tree';
import { bySortThenId } from '../menu-preview';

type Row = TreeNode<MenuAdminItem>;

interface MenuTableProps {
  items: readonly MenuAdminItem[];
  loading: boolean;
  emptyText: ReactNode;
  onAddChild: (parent: MenuAdminItem) => void;
  onEdit: (entry: MenuAdminItem) => void;
  /** Resolves when the delete is done or has failed (the confirm box closes then). */
  onDelete: (entry: MenuAdminItem) => Promise<unknown>;
}

/**
 * Every menu entry as a tree in menu order, every branch open until the administrator closes
 * it. Only an added entry without sub-entries can be deleted; the button says why not otherwise.
 */
export function MenuTable({ items, loading, emptyText, onAddChild, onEdit, onDelete }: MenuTableProps) {
  const { t } = useTranslation();
  const rows = useMemo(() => nestTree([...items].sort(bySortThenId)), [items]);
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(() => new Set());
  const expanded = useMemo(() => parentIds(items).filter((id) => !collapsed.has(id)), [items, collapsed]);
  const titleOf = (entry: MenuAdminItem) => localMenuTitle(entry.name, entry.titles, t);

  const whyKept = (row: Row) =>
    row.builtIn ? t('menus.builtInKept') : row.children ? t('menus.notEmpty') : undefined;

  return (
    <ScrollTable<Row>
      label={t('route.menus')}
      rowKey="id"
      size="middle"
      loading={loading}
      dataSource={rows}
      locale={{ emptyText }}
      pagination={false}
      // No horizontal scroll: antd's scrolling region and its measuring row fail axe-core
      // (scrollable-region-focusable, aria-hidden-focus); the columns wrap instead.
      expandable={{
        expandedRowKeys: expanded,
        onExpand: (open, row) =>
          setCollapsed((current) => {
            const next = new Set(current);
            if (open) next.delete(row.id);
            else next.add(row.id);
            return next;
          }),
      }}
      columns={[
        {
          key: 'title',
          title: t('menus.title'),
          render: (_, row) => (
            <>
              {titleOf(row)}
              {row.builtIn && (
                <Tag style={{ marginInlineStart: 8 }} variant="outlined">
                  {t('menus.builtIn')}
                </Tag>
              )}
            </>
          ),
        },
        {
          key: 'url',
          title: t('menus.url'),
          dataIndex: 'url',
          render: (url: string) => (url ? <Typography.Text code>{url}</Typography.Text> : null),
        },
        {
          key: 'icon',
          title: t('menus.icon'),
          dataIndex: 'icon',
          align: 'center',
          render: (icon: string) => (icon ? <span title={icon}>{menuIcon(icon) ?? icon}</span> : null),
        },
        {
          key: 'kind',
          title: t('menus.kind'),
          dataIndex: 'kind',
          render: (kind: MenuAdminItem['kind']) => t(`menus.kinds.${kind}`),
        },
        {
          key: 'hidden',
          title: t('menus.hidden'),
          dataIndex: 'hidden',
          render: (hidden: boolean) => t(hidden ? 'menus.yes' : 'menus.no'),
        },
        { key: 'sort', title: t('menus.sort'), dataIndex: 'sort', align: 'right' },
        {
          key: 'permissions',
          title: t('menus.permissions'),
          dataIndex: 'permissions',
          render: (codes: string[]) => (
            <Space size={[0, 4]} wrap>
              {codes.map((code) => (
                <Tag key={code}>{code}</Tag>
              ))}
            </Space>
          ),
        },
        {
          key: 'actions',
          title: t('menus.actions'),
          render: (_, row) => {
            const kept = whyKept(row);
            const title = titleOf(row);
            return (
              <Space size="small" wrap>
                <Button size="small" onClick={() => onEdit(row)}>
                  {t('menus.edit')}
                </Button>
                {row.kind === 'menu' ? (
                  <Button size="small" onClick={() => onAddChild(row)}>
                    {t('menus.addChild')}
                  </Button>
                ) : (
                  <Tooltip title={t('menus.actionHasNoChildren')}>
                    <Button size="small" disabled>
                      {t('menus.addChild')}
                    </Button>
                  </Tooltip>
                )}
                {kept ? (
                  <Tooltip title={kept}>
                    <Button size="small" danger disabled>
                      {t('menus.delete')}
                    </Button>
                  </Tooltip>
                ) : (
                  <Popconfirm
                    title={t('menus.deleteConfirm', { name: title })}
                    description={t('menus.deleteWarning')}
                    okText={t('menus.delete')}
                    okButtonProps={{ danger: true }}
                    cancelText={t('menus.cancel')}
                    onConfirm={() => onDelete(row)}
                  >
                    <Button size="small" danger>
                      {t('menus.delete')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            );
          },
        },
      ]}
    />
  );
}
