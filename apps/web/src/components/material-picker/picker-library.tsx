import { MATERIAL_KINDS, type Material, type MaterialKind } from '@postdeck/contract/materials';
import { Empty, Input, Segmented, Space, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPager, type Paging } from '../list-pager/list-pager';
import { LoadError } from '../load-error';
import { MaterialGrid } from './material-grid';
import { useMaterialList } from './material-queries';

const PAGE_SIZE = 24;

interface PickerLibraryProps {
  /** Only this kind is listed; otherwise a switch picks all, images or videos. */
  kind?: MaterialKind;
  selectedIds: readonly number[];
  onToggle: (material: Material) => void;
  numbered: boolean;
  /** The picker is open (a closed one keeps its state but stops asking). */
  active: boolean;
}

/** The library inside the picker: name search, kind, paging. */
export function PickerLibrary({ kind, selectedIds, onToggle, numbered, active }: PickerLibraryProps) {
  const { t } = useTranslation();
  const [name, setName] = useState<string>();
  const [shown, setShown] = useState<MaterialKind | 'all'>('all');
  const [paging, setPaging] = useState<Paging>({ page: 1, pageSize: PAGE_SIZE });
  const firstPage = () => setPaging({ page: 1, pageSize: PAGE_SIZE });
  const list = useMaterialList(
    { kind: kind ?? (shown === 'all' ? undefined : shown), name, ...paging },
    active,
  );
  const items = list.data?.items ?? [];

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Input.Search
          allowClear
          placeholder={t('materials.name')}
          aria-label={t('materials.name')}
          onSearch={(value) => {
            setName(value.trim() || undefined);
            firstPage();
          }}
          style={{ width: 240 }}
        />
        {!kind && (
          <Segmented<MaterialKind | 'all'>
            aria-label={t('materials.kind')}
            value={shown}
            onChange={(value) => {
              setShown(value);
              firstPage();
            }}
            options={[
              { value: 'all', label: t('materials.kinds.all') },
              ...MATERIAL_KINDS.map((k) => ({ value: k, label: t(`materials.kinds.${k}`) })),
            ]}
          />
        )}
      </Space>
      {list.isError ? (
        <LoadError title={t('materials.loadFailed')} onRetry={() => list.refetch()} />
      ) : list.isPending ? (
        <Spin />
      ) : items.length === 0 ? (
        <Empty description={t(name ? 'materials.noMatch' : 'materials.empty')} />
      ) : (
        <Spin spinning={list.isFetching && list.isPlaceholderData}>
          <MaterialGrid
            items={items}
            selectedIds={selectedIds}
            onToggle={onToggle}
            numbered={numbered}
            label={t('materials.gridLabel')}
          />
        </Spin>
      )}
      {((list.data?.total ?? 0) > PAGE_SIZE || paging.after || paging.before) && (
        <ListPager
          answer={list.data}
          paging={paging}
          onChange={(next) => setPaging({ page: paging.page, pageSize: PAGE_SIZE, ...next })}
          showSizeChanger={false}
        />
      )}
    </Space>
  );
}
