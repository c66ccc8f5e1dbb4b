import type { Publication } from '@postdeck/contract/publishing';
import { Result } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useLivePublications } from '../api/publication-live';
import { LivePublicationRow } from './live-publication-row';
import { SCHEDULE_FORMAT, timeZoneName } from './schedule-field';

/** After a publish: each account with where its publication stands, followed until it is final. */
export function PublishSummary({ publications }: { publications: readonly Publication[] }) {
  const { t } = useTranslation();
  const live = useLivePublications(publications);
  const scheduledAt = publications.find((p) => p.scheduledAt !== null)?.scheduledAt ?? null;
  const needsAuthor = live.some(({ publication: { status } }) =>
    ['failed', 'unconfirmed', 'held'].includes(status),
  );
  return (
    <Result
      status={needsAuthor ? 'warning' : 'success'}
      title={t('publishing.done.title')}
      subTitle={
        scheduledAt === null
          ? t('publishing.done.queued', { count: publications.length })
          : t('publishing.done.scheduledFor', {
              time: `${dayjs(scheduledAt).format(SCHEDULE_FORMAT)} (${timeZoneName()})`,
            })
      }
    >
      <ul
        aria-label={t('publishing.accounts.heading')}
        style={{ margin: 0, paddingInlineStart: 0, listStyle: 'none' }}
      >
        {live.map((item) => (
          <LivePublicationRow key={item.publication.id} {...item} />
        ))}
      </ul>
    </Result>
  );
}
