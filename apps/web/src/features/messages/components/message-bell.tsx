import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Empty, List, Popover, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatTime } from '../../../i18n/use-format-time';
import { useFailurePoll, useLatestUnread } from '../api/not-read-list';
import { useReadInfor } from '../api/read-infor';
import { UNREAD_MESSAGES_LINK } from '../reminder';

function LatestUnread({ open, onNavigate }: { open: boolean; onNavigate: () => void }) {
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

/** The top bar bell: unread badge polled every 5 s, latest unread in a popover (spec §2, §7). */
export function MessageBell() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const poll = useFailurePoll();
  const count = poll.data?.count ?? 0;

  return (
    <Popover
      trigger="click"
      open={open}
      onOpenChange={setOpen}
      placement="bottomRight"
      content={<LatestUnread open={open} onNavigate={() => setOpen(false)} />}
    >
      <Button type="text" aria-label={t('messages.bell', { count })} data-testid="message-bell">
        <Badge count={count} size="small">
          <BellOutlined />
        </Badge>
      </Button>
    </Popover>
  );
}
