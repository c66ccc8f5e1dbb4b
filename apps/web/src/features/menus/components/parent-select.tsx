import type { MenuAdminItem } from '@postdeck/contract/menu';
import { TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { localMenuTitle } from '../../../utils/menu-title';
import { type TreeNode, nestTree } from '../../../utils/tree';
import { bySortThenId } from '../menu-preview';

interface ParentOption {
  value: number;
  title: string;
  disabled?: boolean;
  children?: ParentOption[];
}

interface ParentSelectProps {
  /** The menu entries (no actions: nothing goes under an action). */
  entries: readonly MenuAdminItem[];
  /** Ids that cannot be picked: the entry being moved and everything below it. */
  excluded: ReadonlySet<number>;
  value?: number;
  onChange?: (value: number | undefined) => void;
  id?: string;
}

/** The parent on the menu tree; cleared = top level. A form control (value, onChange, id). */
export function ParentSelect({ entries, excluded, value, onChange, id }: ParentSelectProps) {
  const { t } = useTranslation();
  const treeData = useMemo(() => {
    const toOptions = (nodes: readonly TreeNode<MenuAdminItem>[]): ParentOption[] =>
      nodes.map((node) => ({
        value: node.id,
        title: localMenuTitle(node.name, node.titles, t),
        ...(excluded.has(node.id) ? { disabled: true } : {}),
        ...(node.children ? { children: toOptions(node.children) } : {}),
      }));
    return toOptions(nestTree([...entries].sort(bySortThenId)));
  }, [entries, excluded, t]);
  return (
    <TreeSelect
      id={id}
      treeData={treeData}
      treeDefaultExpandAll
      allowClear
      showSearch={{ treeNodeFilterProp: 'title' }}
      value={value}
      onChange={(next: number | undefined) => onChange?.(next ?? undefined)}
      placeholder={t('menus.topLevel')}
      style={{ width: '100%' }}
    />
  );
}
