import { Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter } from '../../../components/list-filters/date-range-filter';
import type { AuditFilters } from '../list-query';

interface AuditFiltersBarProps {
  filters: AuditFilters;
  /** Applies a change of filters; the page goes back to 1. */
  onChange: (next: Partial<AuditFilters>) => void;
}

type TextFilter = 'actor' | 'action' | 'target' | 'ip';

const WIDTHS: Record<TextFilter, number> = { actor: 180, action: 220, target: 200, ip: 160 };

/** Account, action, target, IP and time; text filters apply on Enter or the search button. */
export function AuditFiltersBar({ filters, onChange }: AuditFiltersBarProps) {
  const { t } = useTranslation();
  const labels: Record<TextFilter, string> = {
    actor: t('audit.filterActor'),
    action: t('audit.filterAction'),
    target: t('audit.filterTarget'),
    ip: t('audit.filterIp'),
  };

  return (
    <Space wrap data-testid="audit-filters">
      {(Object.keys(labels) as TextFilter[]).map((key) => (
        <Input.Search
          key={key}
          allowClear
          defaultValue={filters[key]}
          placeholder={labels[key]}
          aria-label={labels[key]}
          title={
            key === 'action' ? t('audit.actionHint') : key === 'target' ? t('audit.targetHint') : undefined
          }
          onSearch={(value) => onChange({ [key]: value.trim() || undefined })}
          style={{ width: WIDTHS[key] }}
        />
      ))}
      <DateRangeFilter label={t('audit.time')} value={filters.time} onChange={(time) => onChange({ time })} />
    </Space>
  );
}
