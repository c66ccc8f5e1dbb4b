import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ActionTarget, HistoryAction } from '../api/history-actions';

interface BulkBarProps {
  targets: readonly ActionTarget[];
  onRun: (action: HistoryAction) => void;
  onClear: () => void;
}

/** The actions on the rows picked: each row is told what happened, once all have answered. */
export function BulkBar({ targets, onRun, onClear }: BulkBarProps) {
  const { t } = useTranslation();
  if (targets.length === 0) return null;
  return (
    <Flex
      role="toolbar"
      aria-label={t('publishHistory.bulk.label')}
      gap={8}
      wrap
      align="center"
      style={{ marginBottom: 12 }}
    >
      <Typography.Text strong>{t('publishHistory.bulk.selected', { count: targets.length })}</Typography.Text>
      <Button danger onClick={() => onRun('withdraw')}>
        {t('publishHistory.actions.withdraw')}
      </Button>
      <Button onClick={() => onRun('cancel')}>{t('publishHistory.actions.cancel')}</Button>
      <Button onClick={() => onRun('retry')}>{t('publishHistory.actions.retry')}</Button>
      <Button type="link" onClick={onClear}>
        {t('publishHistory.bulk.clear')}
      </Button>
    </Flex>
  );
}
