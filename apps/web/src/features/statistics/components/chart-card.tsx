import { Card, Segmented } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

type View = 'chart' | 'table';

/**
 * A chart with its table beside it: a switch (reachable by keyboard) shows the same figures as
 * a table, for those who cannot read the chart; the chart itself carries a summary in words.
 */
export function ChartCard({
  title,
  extra,
  chart,
  table,
}: {
  title: string;
  extra?: ReactNode;
  chart: ReactNode;
  table: () => ReactNode;
}) {
  const { t } = useTranslation();
  const [view, setView] = useState<View>('chart');
  return (
    <Card
      title={title}
      size="small"
      style={{ marginBottom: 16 }}
      extra={
        <>
          {extra}
          <Segmented<View>
            size="small"
            aria-label={t('statistics.view.label', { title })}
            value={view}
            onChange={setView}
            options={[
              { value: 'chart', label: t('statistics.view.chart') },
              { value: 'table', label: t('statistics.view.table') },
            ]}
          />
        </>
      }
    >
      {view === 'chart' ? chart : table()}
    </Card>
  );
}
