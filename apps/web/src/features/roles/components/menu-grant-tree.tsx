import { Tree, type TreeDataNode, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { localMenuTitle } from '../../../utils/menu-title';
import { type MenuIndex, type MenuNode, toggleGrant, treeState } from '../menu-grants';

interface MenuGrantTreeProps {
  roots: readonly MenuNode[];
  index: MenuIndex;
  /** The granted pages and actions (menu-grants.ts); groups follow from them. */
  value?: number[];
  onChange?: (value: number[]) => void;
  /** From Form.Item: the label points here; hints and errors describe the tree. */
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: 'true' | boolean;
  label: string;
}

/** An entry's title with what kind of entry it is, when that is not a plain menu entry. */
function entryTitle(node: MenuNode, t: TFunction) {
  const hint =
    node.kind === 'action' ? t('roles.actionEntry') : node.hidden ? t('roles.hiddenEntry') : undefined;
  return (
    <span>
      {localMenuTitle(node.name, node.titles, t)}
      {hint && (
        <>
          {/* A space, so the hint stays a word apart in the entry's accessible name. */}{' '}
          <Typography.Text type="secondary" style={{ fontSize: 12, marginInlineStart: 4 }}>
            {hint}
          </Typography.Text>
        </>
      )}
    </span>
  );
}

const toTreeData = (nodes: readonly MenuNode[], t: TFunction): TreeDataNode[] =>
  nodes.map((node) => ({
    key: node.id,
    title: entryTitle(node, t),
    ...(node.children ? { children: toTreeData(node.children, t) } : { isLeaf: true }),
  }));

/**
 * The menu entries a role grants, ticked on the whole menu tree (hidden entries and actions
 * included); a form control whose value is the granted ids. Checks strictly and links the
 * ticks itself (menu-grants.ts), so a page can be granted without its actions. Keyboard: Tab to
 * the tree, arrows to move and open, Space to tick.
 */
export function MenuGrantTree({
  roots,
  index,
  value,
  onChange,
  id,
  label,
  'aria-describedby': describedBy,
  'aria-invalid': invalid,
}: MenuGrantTreeProps) {
  const { t } = useTranslation();
  // t changes with the interface language, so the titles follow it.
  const treeData = useMemo(() => toTreeData(roots, t), [roots, t]);
  const granted = useMemo(() => value ?? [], [value]);
  const checkedKeys = useMemo(() => treeState(index, granted), [index, granted]);

  return (
    <div id={id}>
      <Tree
        checkable
        checkStrictly
        selectable={false}
        defaultExpandAll
        treeData={treeData}
        checkedKeys={checkedKeys}
        onCheck={(_, info) => onChange?.(toggleGrant(index, granted, Number(info.node.key), info.checked))}
        aria-label={label}
        aria-describedby={describedBy}
        aria-invalid={invalid}
      />
    </div>
  );
}
