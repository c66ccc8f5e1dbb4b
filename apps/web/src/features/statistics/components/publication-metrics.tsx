import type { PublicationStatus } from '@postdeck/contract/publishing';
import { POST_METRICS } from '@postdeck/contract/statistics';
import { Descriptions, Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { currentLanguage } from '../../../i18n/i18n';
import { useFormatTime } from '../../../i18n/use-format-time';
import { usePublicationMetrics } from '../api/statistics';
import { numberFormats } from '../format';

/**
 * A publication's latest counts in its detail drawer, with when they were read and when the next
 * reading is due. A count its platform does not give shows "—", never 0; before the first
 * reading (and for what never went out) it says they are not collected yet.
 */
export function PublicationMetrics({ id, status }: { id: number; status: PublicationStatus }) {
  const { t, i18n } = useTranslation();
  const formatTime = useFormatTime();
  const wentOut = status === 'published' || status === 'withdrawn';
  const metrics = usePublicationMetrics(wentOut ? id : undefined);
  const none = <Typography.Text type="secondary">{t('publishHistory.detail.metricsNone')}</Typography.Text>;
  if (!wentOut) return none;
  if (metrics.isPending) return <Spin size="small" aria-label={t('app.loading')} />;
  if (metrics.isError)
    return <LoadError title={t('statistics.metrics.loadFailed')} onRetry={() => metrics.refetch()} />;

  const { snapshots, nextAt } = metrics.data;
  const latest = snapshots.at(-1);
  const next = nextAt ? (
    <Typography.Text type="secondary">
      {t('statistics.metrics.nextAt', { time: formatTime(nextAt) })}
    </Typography.Text>
  ) : (
    latest && <Typography.Text type="secondary">{t('statistics.metrics.ended')}</Typography.Text>
  );
  if (!latest)
    return (
      <Flex vertical gap={4}>
        {none}
        {next}
      </Flex>
    );
  const formats = numberFormats(currentLanguage(i18n.language));
  return (
    <Flex vertical gap={8} data-testid="publication-metrics">
      <Typography.Text>{t('statistics.metrics.readAt', { time: formatTime(latest.at) })}</Typography.Text>
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 3 }}
        aria-label={t('statistics.metrics.label')}
        items={POST_METRICS.map((name) => ({
          key: name,
          label: t(`statistics.metrics.names.${name}`),
          children: formats.count(latest.metrics[name]),
        }))}
      />
      {next}
    </Flex>
  );
}
