import { AppstoreOutlined, TableOutlined, UploadOutlined } from '@ant-design/icons';
import type { Material } from '@postdeck/contract/materials';
import { PERMISSIONS } from '@postdeck/contract/permissions';
import { Button, Card, Empty, Segmented, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPager } from '../../../components/list-pager/list-pager';
import { LoadError } from '../../../components/load-error';
import { changeListFilters } from '../../../utils/url-filters';
import { useSearchParams } from 'react-router';
import { useMaterialList } from '../../../components/material-picker/material-queries';
import { useUserStore } from '../../../stores/user-store';
import { useZipDownload } from '../api/material-zip';
import { DeleteDialog } from '../components/delete-dialog';
import { MaterialFiltersBar } from '../components/material-filters';
import { MaterialGridView } from '../components/material-grid-view';
import { MaterialPreview } from '../components/material-preview';
import { MaterialTable } from '../components/material-table';
import { SelectionBar } from '../components/selection-bar';
import { UploadDialog } from '../components/upload-dialog';
import {
  type MaterialFilters,
  type MaterialView,
  readMaterialFilters,
  readView,
  toMaterialQuery,
  writeMaterialFilters,
} from '../list-query';

const FILTER_KEYS = ['kind', 'name', 'uploaderId', 'departmentId', 'tag', 'time'] as const;

/**
 * The media library. Filters, paging, sort and the grid or list view live in the address, so a
 * link shows the same materials; the selection spans pages.
 */
export function MaterialsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters = readMaterialFilters(params);
  const view = readView(params);
  const list = useMaterialList(toMaterialQuery(filters));
  const canManage = useUserStore(
    (state) => state.info?.permissions.includes(PERMISSIONS.materialManage) ?? false,
  );
  const zip = useZipDownload();
  const [selected, setSelected] = useState<Material[]>([]);
  const [previewing, setPreviewing] = useState<Material>();
  const [deleting, setDeleting] = useState<Material[]>([]);
  const [uploading, setUploading] = useState(false);

  const change = (next: Partial<MaterialFilters>) =>
    setParams(writeMaterialFilters(changeListFilters(filters, next), view));
  const select = (materials: readonly Material[], on: boolean) =>
    setSelected((current) => {
      const rest = current.filter((m) => !materials.some((x) => x.id === m.id));
      return on ? [...rest, ...materials] : rest;
    });
  const deleted = (ids: number[]) => {
    setSelected((current) => current.filter((m) => !ids.includes(m.id)));
    setPreviewing((current) => (current && ids.includes(current.id) ? undefined : current));
  };

  const filtered = FILTER_KEYS.some((key) => filters[key] !== undefined);
  const upload = () => setUploading(true);
  const emptyText = (
    <Empty description={t(filtered ? 'materials.noMatch' : 'materials.empty')}>
      {canManage && !filtered && (
        <Button type="primary" icon={<UploadOutlined />} onClick={upload}>
          {t('materials.uploadFirst')}
        </Button>
      )}
    </Empty>
  );
  const viewProps = {
    items: list.data?.items ?? [],
    // Not while polling for processing materials: only a new page or new filters show the spinner.
    loading: list.isFetching && (list.isPending || list.isPlaceholderData),
    filters,
    onChange: change,
    selectedIds: selected.map((m) => m.id),
    onSelect: select,
    onOpen: setPreviewing,
    emptyText,
  };

  return (
    <Card
      title={t('route.materials')}
      extra={
        <Space wrap>
          <Segmented<MaterialView>
            aria-label={t('materials.view')}
            value={view}
            onChange={(next) => setParams(writeMaterialFilters(filters, next))}
            options={[
              { value: 'grid', icon: <AppstoreOutlined aria-hidden />, label: t('materials.views.grid') },
              { value: 'list', icon: <TableOutlined aria-hidden />, label: t('materials.views.list') },
            ]}
          />
          {canManage && (
            <Button type="primary" icon={<UploadOutlined />} onClick={upload}>
              {t('materials.upload.open')}
            </Button>
          )}
        </Space>
      }
    >
      <MaterialFiltersBar filters={filters} onChange={change} />
      <SelectionBar
        count={selected.length}
        zipping={zip.isPending}
        onZip={() => zip.mutate(selected.map((m) => m.id))}
        onDelete={canManage ? () => setDeleting(selected) : undefined}
        onClear={() => setSelected([])}
      />
      {list.isError ? (
        <LoadError title={t('materials.loadFailed')} onRetry={() => list.refetch()} />
      ) : view === 'list' ? (
        <MaterialTable {...viewProps} />
      ) : (
        <MaterialGridView {...viewProps} />
      )}
      {!list.isError && (
        <ListPager
          answer={list.data}
          paging={filters}
          onChange={change}
          totalText={(count) => t('materials.total', { count })}
        />
      )}
      <MaterialPreview
        material={previewing}
        onClose={() => setPreviewing(undefined)}
        onDelete={(material) => setDeleting([material])}
        canManage={canManage}
      />
      <DeleteDialog materials={deleting} onClose={() => setDeleting([])} onDeleted={deleted} />
      <UploadDialog
        open={uploading}
        onClose={() => setUploading(false)}
        onOpen={(material) => {
          setUploading(false);
          setPreviewing(material);
        }}
      />
    </Card>
  );
}
