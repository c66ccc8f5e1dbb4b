import type { StatisticsOverview } from '@postdeck/contract/statistics';
import { ArrowDownOutlined, ArrowUpOutlined, MinusOutlined } from '@ant-design/icons';
import { Card, Col, Row, Statistic, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type NumberFormats, deltaOf } from '../format';

type FigureKey = keyof StatisticsOverview['figures'];

/** Whether a rise is good news (green) or bad (red): more failures are bad. */
const FIGURES: readonly { key: FigureKey; kind: 'count' | 'rate'; upIsGood: boolean }[] = [
  { key: 'publications', kind: 'count', upIsGood: true },
  { key: 'failed', kind: 'count', upIsGood: false },
  { key: 'successRate', kind: 'rate', upIsGood: true },
  { key: 'engagement', kind: 'count', upIsGood: true },
  { key: 'views', kind: 'count', upIsGood: true },
  { key: 'followerChange', kind: 'count', upIsGood: true },
];

/** The period's figures, each against the period before with an up or down change. */
export function OverviewFigures({
  figures,
  formats,
  label,
}: {
  figures: StatisticsOverview['figures'];
  formats: NumberFormats;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <section aria-label={label}>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        {FIGURES.map(({ key, kind, upIsGood }) => {
          const figure = figures[key];
          const show = kind === 'rate' ? formats.percent : formats.count;
          const value =
            key === 'followerChange' && figure.value !== null
              ? formats.signed(figure.value)
              : show(figure.value);
          const delta = deltaOf(figure, formats, kind);
          const text =
            delta && (delta.points ? t('statistics.figures.points', { value: delta.text }) : delta.text);
          const good = delta && delta.direction !== 'same' && (delta.direction === 'up') === upIsGood;
          const title = t(`statistics.figures.${key}`);
          return (
            <Col key={key} xs={12} md={8} xl={4}>
              <Card size="small" data-testid={`figure-${key}`} style={{ height: '100%' }}>
                <Statistic
                  title={
                    key === 'engagement' ? (
                      <Tooltip title={t('statistics.figures.engagementHint')}>
                        <span tabIndex={0}>{title}</span>
                      </Tooltip>
                    ) : (
                      title
                    )
                  }
                  value={value}
                />
                {delta && text ? (
                  <Typography.Text
                    type={delta.direction === 'same' ? 'secondary' : good ? 'success' : 'danger'}
                    data-testid={`delta-${key}`}
                  >
                    {delta.direction === 'up' ? (
                      <ArrowUpOutlined aria-hidden />
                    ) : delta.direction === 'down' ? (
                      <ArrowDownOutlined aria-hidden />
                    ) : (
                      <MinusOutlined aria-hidden />
                    )}{' '}
                    {delta.direction === 'same'
                      ? t('statistics.figures.same')
                      : t(`statistics.figures.${delta.direction}`, { delta: text })}
                  </Typography.Text>
                ) : (
                  <Typography.Text type="secondary">{t('statistics.figures.noComparison')}</Typography.Text>
                )}
                <div>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('statistics.figures.previous', { value: show(figure.previous) })}
                  </Typography.Text>
                </div>
              </Card>
            </Col>
          );
        })}
      </Row>
    </section>
  );
}
