import { Empty, List, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatTime } from '../../../i18n/use-format-time';
import { useLatestUnread } from '../api/not-read-list';
import { useReadInfor } from '../api/read-infor';
import { UNREAD_MESSAGES_LINK } from '../reminder';

/** The bell's popover: the latest unread messages, each marked read on a click. */
export function LatestUnread({ open, onNavigate }: { open: boolean; onNavigate: () => void }) {
  const { t } = useTranslation();
  const formatTime = useFormatTime();
  const latest = useLatestUnread(open);
  const read = useReadInfor();
  const items = latest.data?.items ?? [];

  return (
    <div style={{ width: 300 }} data-testid="bell-popover">
      {latest.isPending ? (
        <Spin />
      ) : items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('messages.noUnread')} />
      ) : (
        <List
          size="small"
          dataSource={items}
          renderItem={(item) => (
            <List.Item
              style={{ cursor: 'pointer' }}
              onClick={() => read.mutate({ id: item.id })}
              aria-label={t('messages.markRead')}
            >
              <List.Item.Meta
                title={item.title}
                description={`${item.channelName} · ${formatTime(item.time) ?? ''}`}
              />
            </List.Item>
          )}
        />
      )}
      <Link to={UNREAD_MESSAGES_LINK} onClick={onNavigate}>
        {t('messages.seeMore')}
      </Link>
    </div>
  );
}
