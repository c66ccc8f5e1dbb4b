import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Popover, Spin } from 'antd';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFailurePoll } from '../api/not-read-list';

// The popover's list loads when the bell is first opened, not with the shell (issue 11).
const LatestUnread = lazy(() =>
  import('./latest-unread').then((module) => ({ default: module.LatestUnread })),
);

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
      content={
        <Suspense fallback={<Spin />}>
          <LatestUnread open={open} onNavigate={() => setOpen(false)} />
        </Suspense>
      }
    >
      <Button type="text" aria-label={t('messages.bell', { count })} data-testid="message-bell">
        <Badge count={count} size="small">
          <BellOutlined />
        </Badge>
      </Button>
    </Popover>
  );
}
