import { PlusOutlined } from '@ant-design/icons';
import type { MenuAdminItem } from '@postdeck/contract/menu';
import { App, Button, Card, Col, Empty, Row } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { localMenuTitle } from '../../../utils/menu-title';
import { useShowFailure } from '../../../utils/show-failure';
import { useDialogTarget } from '../../../utils/use-dialog-target';
import { useMenuActions, useMenuAdminList } from '../api/menu-admin';
import { type MenuFormTarget, MenuFormDrawer } from '../components/menu-form-drawer';
import { MenuTable } from '../components/menu-table';
import { SideMenuPreview } from '../components/side-menu-preview';
import { previewMenu } from '../menu-preview';

/**
 * /api/system/menu: the server menu as a tree. Add entries and actions, edit any (titles in
 * the four languages, url, icon, hidden, sort, alwaysShow, permission codes) beside a live
 * preview of the side menu, delete only added entries without sub-entries (issue 5, item 5).
 */
export function MenusPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const showFailure = useShowFailure();
  const list = useMenuAdminList();
  const actions = useMenuActions();
  const editor = useDialogTarget<MenuFormTarget>();
  const items = useMemo(() => list.data ?? [], [list.data]);
  const saved = useMemo(() => previewMenu(items), [items]);

  const remove = (entry: MenuAdminItem) =>
    actions.remove.mutateAsync(entry.id).then(() => {
      void message.success(t('menus.deleted', { name: localMenuTitle(entry.name, entry.titles, t) }));
    }, showFailure);

  return (
    <Card
      title={t('route.menus')}
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined aria-hidden />}
          disabled={!list.isSuccess}
          onClick={() => editor.show({ kind: 'new' })}
        >
          {t('menus.new')}
        </Button>
      }
    >
      {list.isError ? (
        <LoadError title={t('menus.loadFailed')} onRetry={() => list.refetch()} />
      ) : (
        <Row gutter={[24, 24]}>
          <Col xs={24} xxl={17}>
            <MenuTable
              items={items}
              loading={list.isFetching}
              emptyText={<Empty description={t('menus.empty')} />}
              onAddChild={(parent) => editor.show({ kind: 'child', parent })}
              onEdit={(entry) => editor.show({ kind: 'edit', entry })}
              onDelete={remove}
            />
          </Col>
          <Col xs={24} xxl={7}>
            <SideMenuPreview menu={saved} description={t('menus.previewSaved')} />
          </Col>
        </Row>
      )}
      <MenuFormDrawer
        target={editor.target}
        items={items}
        open={editor.open}
        round={editor.round}
        onClose={editor.hide}
        afterOpenChange={editor.afterOpenChange}
      />
    </Card>
  );
}
