import type { NotificationItem } from '@postdeck/contract/notifications';
import { READ_STATUS } from '@postdeck/contract/notifications';
import { PAGE_SIZE_DEFAULT } from '@postdeck/contract/constants';
import { Button, DatePicker, Space, Tabs, Tag } from 'antd';
import { ScrollTable } from '../../../components/scroll-table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPager } from '../../../components/list-pager/list-pager';
import { LoadError } from '../../../components/load-error';
import { changeListFilters } from '../../../utils/url-filters';
import { useSearchParams } from 'react-router';
import { useFormatTime } from '../../../i18n/use-format-time';
import { useMyInfor } from '../api/my-infor';
import { useReadInfor } from '../api/read-infor';
import { type MyMessagesFilters, readFilters, toMyInforQuery, writeFilters } from '../my-messages-query';

/** /api/infor/myInfor: own messages, unread (navLink=1) or all (navLink=2), spec §2, §7. */
export function MyMessagesPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const messages = useMyInfor(toMyInforQuery(filters));
  const read = useReadInfor();
  const [selected, setSelected] = useState<number[]>([]);
  const formatTime = useFormatTime();

  const go = (next: Partial<MyMessagesFilters>) => {
    setSelected([]);
    setParams(writeFilters(changeListFilters(filters, next)));
  };
  const range = filters.time?.split(',').map((v) => dayjs(v)) as [dayjs.Dayjs, dayjs.Dayjs] | undefined;

  return (
    <div>
      <Tabs
        activeKey={String(filters.navLink)}
        onChange={(key) => go({ navLink: key === '1' ? 1 : 2 })}
        items={[
          { key: '1', label: t('messages.unreadTab') },
          { key: '2', label: t('messages.allTab') },
        ]}
      />
      <Space wrap style={{ marginBottom: 16 }}>
        <DatePicker.RangePicker
          aria-label={t('messages.timeRange')}
          value={range}
          onChange={(value) =>
            go({
              time:
                value?.[0] && value[1]
                  ? `${value[0].startOf('day').toISOString()},${value[1].endOf('day').toISOString()}`
                  : undefined,
            })
          }
        />
        <Button
          disabled={selected.length === 0}
          loading={read.isPending}
          onClick={() => read.mutate({ ids: selected.join(',') }, { onSuccess: () => setSelected([]) })}
        >
          {t('messages.markSelectedRead')}
        </Button>
        <Button loading={read.isPending} onClick={() => read.mutate({ all: 'true' })}>
          {t('messages.markAllRead')}
        </Button>
      </Space>
      {messages.isError ? (
        <LoadError title={t('messages.loadFailed')} onRetry={() => messages.refetch()} />
      ) : (
        <ScrollTable<NotificationItem>
          label={t('route.myMessages')}
          rowKey="id"
          loading={messages.isFetching}
          dataSource={messages.data?.items ?? []}
          locale={{ emptyText: t('messages.empty') }}
          rowSelection={{
            selectedRowKeys: selected,
            onChange: (keys) => setSelected(keys.map(Number)),
            getCheckboxProps: (row) => ({ disabled: row.readStatus !== READ_STATUS.unread }),
          }}
          pagination={false}
          columns={[
            { key: 'title', dataIndex: 'title', title: t('messages.colTitle') },
            { key: 'channel', dataIndex: 'channelName', title: t('messages.colChannel') },
            {
              key: 'type',
              dataIndex: 'type',
              title: t('messages.colType'),
              render: (type: string) => t(`messages.types.${type}`, { defaultValue: type }),
            },
            {
              key: 'time',
              dataIndex: 'time',
              title: t('messages.colTime'),
              render: (time: string) => formatTime(time),
            },
            {
              key: 'read',
              dataIndex: 'readStatus',
              title: t('messages.colRead'),
              render: (status: number) =>
                status === READ_STATUS.unread ? (
                  <Tag color="red">{t('messages.unread')}</Tag>
                ) : (
                  <Tag>{t('messages.read')}</Tag>
                ),
            },
            {
              key: 'action',
              title: t('messages.colAction'),
              render: (_: unknown, row) =>
                row.readStatus === READ_STATUS.unread ? (
                  <Button type="link" size="small" onClick={() => read.mutate({ id: row.id })}>
                    {t('messages.markRead')}
                  </Button>
                ) : null,
            },
          ]}
        />
      )}
      {!messages.isError && (
        <ListPager
          answer={messages.data}
          paging={{ ...filters, pageSize: PAGE_SIZE_DEFAULT }}
          onChange={go}
          showSizeChanger={false}
        />
      )}
    </div>
  );
}
