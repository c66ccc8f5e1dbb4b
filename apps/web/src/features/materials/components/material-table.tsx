import type { Material } from '@postdeck/contract/materials';
import { Button, Tag } from 'antd';
import { ScrollTable } from '../../../components/scroll-table';
import type { SorterResult } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { formatBytes, formatDuration } from '../../../components/material-picker/material-format';
import { MaterialStatusTag } from '../../../components/material-picker/material-status';
import { MaterialThumb } from '../../../components/material-picker/material-thumb';
import { useFormatTime } from '../../../i18n/use-format-time';
import type { MaterialFilters } from '../list-query';
import type { LibraryViewProps } from './library-view';

/** The list view: one row per material, sorting and paging on the server. */
export function MaterialTable({
  items,
  loading,
  filters,
  onChange,
  selectedIds,
  onSelect,
  onOpen,
  emptyText,
}: LibraryViewProps) {
  const { t, i18n } = useTranslation();
  const formatTime = useFormatTime();
  const sortOrder = (key: MaterialFilters['sort']) =>
    filters.sort === key ? (filters.order === 'asc' ? 'ascend' : 'descend') : null;

  return (
    <ScrollTable<Material>
      label={t('route.materials')}
      rowKey="id"
      loading={loading}
      dataSource={items as Material[]}
      locale={{ emptyText }}
      rowSelection={{
        selectedRowKeys: selectedIds as number[],
        preserveSelectedRowKeys: true,
        getTitleCheckboxProps: () => ({ 'aria-label': t('materials.selectPage') }),
        getCheckboxProps: (row) => ({ 'aria-label': t('materials.selectOne', { name: row.name }) }),
        onSelect: (row, on) => onSelect([row], on),
        onSelectAll: (on, _rows, changed) => onSelect(changed, on),
      }}
      pagination={false}
      onChange={(_pagination, _filters, sorter) => {
        const { columnKey, order } = sorter as SorterResult<Material>;
        // Another order starts again from the first page.
        onChange({
          page: 1,
          sort: order ? (columnKey as MaterialFilters['sort']) : 'createdAt',
          order: order === 'ascend' ? 'asc' : 'desc',
        });
      }}
      columns={[
        {
          key: 'thumb',
          title: t('materials.thumbnail'),
          width: 96,
          render: (_, row) => <MaterialThumb material={row} size={80} />,
        },
        {
          key: 'name',
          title: t('materials.name'),
          sorter: true,
          sortOrder: sortOrder('name'),
          render: (_, row) => (
            <Button
              type="link"
              style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'start' }}
              onClick={() => onOpen(row)}
            >
              {row.name}
            </Button>
          ),
        },
        { key: 'kind', title: t('materials.kind'), render: (_, row) => t(`materials.kinds.${row.kind}`) },
        {
          key: 'bytes',
          title: t('materials.size'),
          sorter: true,
          sortOrder: sortOrder('bytes'),
          render: (_, row) => formatBytes(row.bytes, i18n.language),
        },
        {
          key: 'duration',
          title: t('materials.duration'),
          render: (_, row) => (row.durationMs === null ? null : formatDuration(row.durationMs)),
        },
        {
          key: 'tags',
          title: t('materials.tags'),
          render: (_, row) => row.tags.map((tag) => <Tag key={tag}>{tag}</Tag>),
        },
        { key: 'department', title: t('materials.department'), render: (_, row) => row.department.name },
        { key: 'uploader', title: t('materials.uploader'), render: (_, row) => row.uploader.name },
        {
          key: 'createdAt',
          title: t('materials.uploaded'),
          sorter: true,
          sortOrder: sortOrder('createdAt'),
          render: (_, row) => formatTime(row.createdAt),
        },
        {
          key: 'status',
          title: t('materials.status'),
          render: (_, row) => (
            <>
              <MaterialStatusTag status={row.status} />
              {row.note && t(`materials.notes.${row.note}`)}
            </>
          ),
        },
      ]}
    />
  );
}
