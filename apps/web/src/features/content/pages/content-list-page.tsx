import { PERMISSIONS } from '@postdeck/contract/permissions';
import { PAGES } from '@postdeck/contract/pages';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListPager } from '../../../components/list-pager/list-pager';
import { LoadError } from '../../../components/load-error';
import { changeListFilters } from '../../../utils/url-filters';
import { useNavigate, useSearchParams } from 'react-router';
import { useUserStore } from '../../../stores/user-store';
import { type ContentListKind, useContentList } from '../api/content-list';
import { ContentFiltersBar } from '../components/content-filters';
import { ContentTable } from '../components/content-table';
import { type ContentFilters, readContentFilters, toContentQuery, writeContentFilters } from '../list-query';

/** A content list; filters, paging and sort live in the address so a link shows the same rows. */
function ContentListPage({ kind }: { kind: ContentListKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const filters = readContentFilters(params);
  const list = useContentList(kind, toContentQuery(filters));
  const canEdit = useUserStore(
    (state) => state.info?.permissions.includes(PERMISSIONS.contentCreate) ?? false,
  );
  const admin = kind === 'contentAdminList';

  const change = (next: Partial<ContentFilters>) =>
    setParams(writeContentFilters(changeListFilters(filters, next)));

  return (
    <Card
      title={t(admin ? 'route.adminContent' : 'route.departmentContent')}
      extra={
        canEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(PAGES.addContent)}>
            {t('content.new')}
          </Button>
        )
      }
    >
      <ContentFiltersBar filters={filters} onChange={change} admin={admin} />
      {list.isError ? (
        <LoadError title={t('content.loadFailed')} onRetry={() => list.refetch()} />
      ) : (
        <ContentTable
          items={list.data?.items ?? []}
          loading={list.isFetching}
          filters={filters}
          onChange={change}
          admin={admin}
          canEdit={canEdit}
        />
      )}
      {!list.isError && (
        <ListPager
          answer={list.data}
          paging={filters}
          onChange={change}
          totalText={(count) => t('content.total', { count })}
        />
      )}
    </Card>
  );
}

export const DepartmentContentPage = () => <ContentListPage kind="contentDeptList" />;
export const AdminContentPage = () => <ContentListPage kind="contentAdminList" />;
