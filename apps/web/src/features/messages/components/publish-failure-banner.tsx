import styles from './publish-failure-banner.module.css';
import { Alert, Space } from 'antd';
import Cookies from 'js-cookie';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFailurePoll } from '../api/not-read-list';
import { useReadInfor } from '../api/read-infor';
import {
  REMINDER_COOKIE,
  type Reminder,
  UNREAD_MESSAGES_LINK,
  bannerVisible,
  dismissReminder,
  nextReminder,
  parseReminder,
  publishHistoryLink,
} from '../reminder';

const readCookie = () => parseReminder(Cookies.get(REMINDER_COOKIE));
const writeCookie = (reminder: Reminder) => Cookies.set(REMINDER_COOKIE, JSON.stringify(reminder));

/** The publish-failure reminder under the navbar (spec §2, §4). Shares the bell's poll. */
export function PublishFailureBanner() {
  const { t } = useTranslation();
  const poll = useFailurePoll();
  const read = useReadInfor();
  const latest = poll.data?.items[0];
  // The cookie is the state; `closed` only re-renders after the user closes the banner.
  const [, setClosed] = useState(0);
  const stored = readCookie();
  const reminder = nextReminder(stored, latest);

  useEffect(() => {
    if (reminder && reminder.id !== readCookie()?.id) writeCookie(reminder);
  }, [reminder]);

  if (!latest || !reminder || !bannerVisible(reminder, latest)) return null;

  const close = () => {
    const dismissed = dismissReminder(reminder);
    writeCookie(dismissed);
    setClosed((n) => n + 1);
    read.mutate({ id: dismissed.id });
  };

  return (
    <Alert
      type="error"
      showIcon
      closable={{ onClose: close, 'aria-label': t('messages.closeBanner') }}
      data-testid="publish-failure-banner"
      className={styles.banner}
      title={t('messages.failureBanner', { title: latest.title, channelName: latest.channelName })}
      description={
        <Space>
          <Link to={publishHistoryLink(latest.oppId)}>{t('messages.viewDetails')}</Link>
          <Link to={UNREAD_MESSAGES_LINK}>{t('messages.moreMessages')}</Link>
        </Space>
      }
    />
  );
}
