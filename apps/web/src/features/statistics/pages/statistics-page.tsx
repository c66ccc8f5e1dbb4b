import type { StatisticsFilters } from '@postdeck/contract/statistics';
import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Col, Empty, Row, Skeleton, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { currentLanguage } from '../../../i18n/i18n';
import { uniqueBy, useFilterChoices } from '../api/filter-choices';
import {
  type TopBy,
  useStatisticsExport,
  useStatisticsAccounts,
  useStatisticsHeatmap,
  useStatisticsOverview,
  useStatisticsTop,
  useStatisticsTraffic,
} from '../api/statistics';
import { ActivityHeatmap } from '../components/activity-heatmap';
import { AccountTable, FailureCauses, PlatformTable } from '../components/breakdown-tables';
import { OverviewFigures } from '../components/overview-figures';
import { StatisticsFiltersBar } from '../components/statistics-filters';
import { TopPublications } from '../components/top-publications';
import { TrendSection } from '../components/trend-section';
import { WebTraffic } from '../components/web-traffic';
import { dayLabel, numberFormats } from '../format';
import { readStatisticsFilters, toStatisticsQuery, writeStatisticsFilters } from '../list-query';

/**
 * /api/report/statistics (issue 23): the figures of the user's scope for a time range, against
 * the period before; the trend, per platform and per account, top publications, failures by
 * cause, activity by weekday and hour, and the web traffic social posts brought. The filters
 * live in the address; the page exports its figures as XLSX.
 */
export function StatisticsPage() {
  const { t, i18n } = useTranslation();
  const lang = currentLanguage(i18n.language);
  const formats = useMemo(() => numberFormats(lang), [lang]);
  const [params, setParams] = useSearchParams();
  const filters = readStatisticsFilters(params);
  const query = toStatisticsQuery(filters);
  const [topBy, setTopBy] = useState<TopBy>('engagement');

  const overview = useStatisticsOverview(query);
  const perAccount = useStatisticsAccounts(query);
  const heatmap = useStatisticsHeatmap(query);
  const top = useStatisticsTop(query, topBy);
  const traffic = useStatisticsTraffic(query);
  const exporter = useStatisticsExport();

  const [wanted, setWanted] = useState({
    accounts: filters.accountId !== undefined,
    authors: filters.authorId !== undefined,
  });
  const choices = useFilterChoices(wanted);
  const accounts = uniqueBy([
    ...(perAccount.data?.items ?? []).map(({ accountId, name, platform }) => ({
      id: accountId,
      name,
      platform,
    })),
    ...choices.accounts,
  ]);

  const change = (next: Partial<StatisticsFilters>) =>
    setParams(writeStatisticsFilters({ ...filters, ...next }));
  const clearFilters = () => setParams(writeStatisticsFilters({ from: filters.from, to: filters.to }));

  const rangeText = { from: dayLabel(filters.from, lang), to: dayLabel(filters.to, lang) };
  const data = overview.data;
  const filtered = [filters.departmentId, filters.platform, filters.accountId, filters.authorId].some(
    (value) => value !== undefined,
  );

  const body = () => {
    if (overview.isPending)
      return <Skeleton active paragraph={{ rows: 8 }} data-testid="statistics-loading" />;
    if (!data) return <LoadError title={t('statistics.loadFailed')} onRetry={() => overview.refetch()} />;
    const previous = `${dayLabel(data.previousRange.from, lang)} – ${dayLabel(data.previousRange.to, lang)}`;
    const figures = (
      <OverviewFigures
        figures={data.figures}
        formats={formats}
        label={t('statistics.figures.label', { range: `${rangeText.from} – ${rangeText.to}`, previous })}
      />
    );
    if (data.figures.publications.value === 0)
      return (
        <>
          {figures}
          <Empty description={t('statistics.empty')} style={{ marginBlock: 32 }}>
            <Typography.Paragraph type="secondary">{t('statistics.emptyHint')}</Typography.Paragraph>
            {filtered && <Button onClick={clearFilters}>{t('statistics.clearFilters')}</Button>}
          </Empty>
          <WebTraffic traffic={traffic} formats={formats} />
        </>
      );
    return (
      <>
        {overview.isError && (
          <LoadError title={t('statistics.loadFailed')} onRetry={() => overview.refetch()} />
        )}
        {figures}
        <TrendSection
          overview={data}
          granularity={filters.granularity}
          lang={lang}
          formats={formats}
          rangeText={rangeText}
        />
        <Row gutter={16}>
          <Col xs={24} xl={14}>
            <PlatformTable rows={data.byPlatform} formats={formats} />
          </Col>
          <Col xs={24} xl={10}>
            <FailureCauses causes={data.failureCauses} formats={formats} />
          </Col>
        </Row>
        <AccountTable rows={perAccount.data?.items ?? []} loading={perAccount.isPending} formats={formats} />
        <TopPublications top={top} by={topBy} onBy={setTopBy} formats={formats} />
        <ActivityHeatmap heatmap={heatmap} lang={lang} formats={formats} />
        <WebTraffic traffic={traffic} formats={formats} />
      </>
    );
  };

  return (
    <Card
      title={t('route.statistics')}
      extra={
        <Button
          icon={<DownloadOutlined aria-hidden />}
          loading={exporter.isPending}
          onClick={() => exporter.mutate(query)}
        >
          {t('statistics.export')}
        </Button>
      }
    >
      <StatisticsFiltersBar
        filters={filters}
        onChange={change}
        choices={{ departments: choices.departments, accounts, authors: choices.authors }}
        onWanted={(what) => setWanted((current) => (current[what] ? current : { ...current, [what]: true }))}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
        {t('statistics.utcNote')}
      </Typography.Paragraph>
      {body()}
    </Card>
  );
}
