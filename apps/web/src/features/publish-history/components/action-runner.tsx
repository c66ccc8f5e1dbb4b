import { CheckCircleOutlined, CloseCircleOutlined, ExclamationCircleOutlined } from '@ant-design/icons';
import { App, Button, Flex, Modal, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DANGER, SUCCESS, WARNING } from '../../../app/theme-colors';
import {
  type ActionOutcome,
  type ActionTarget,
  type HistoryAction,
  useHistoryAction,
} from '../api/history-actions';
import { type OutcomeReport, outcomeReport } from '../outcome-text';
import { WithdrawChecklist } from './withdraw-checklist';

const TONE_ICONS: Record<OutcomeReport['tone'], ReactNode> = {
  success: <CheckCircleOutlined aria-hidden style={{ color: SUCCESS }} />,
  warning: <ExclamationCircleOutlined aria-hidden style={{ color: WARNING }} />,
  error: <CloseCircleOutlined aria-hidden style={{ color: DANGER }} />,
};

export type RunAction = (
  action: HistoryAction,
  targets: readonly ActionTarget[],
  onDone?: () => void,
) => void;

/**
 * Withdraw, cancel and retry on a row or a selection: a confirmation first, then one call per
 * row, then what happened. One row that went as asked is a passing message; a selection, or a
 * withdraw that leaves posts to remove by hand, opens the report with the checklist.
 */
export function useActionRunner(nameOf: (id: number) => string): { run: RunAction; report: ReactNode } {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const mutation = useHistoryAction();
  const [report, setReport] = useState<{ action: HistoryAction; outcomes: ActionOutcome[] }>();

  const run: RunAction = (action, targets, onDone) => {
    const [first] = targets;
    if (!first) return;
    modal.confirm({
      title:
        targets.length === 1
          ? t(`publishHistory.confirm.${action}.one`, { label: first.label })
          : t(`publishHistory.confirm.${action}.many`, { count: targets.length }),
      content: t(`publishHistory.confirm.${action}.content`),
      okText: t(`publishHistory.confirm.${action}.ok`),
      okButtonProps: { danger: action !== 'retry' },
      cancelText: t('publishHistory.confirm.back'),
      // The dialog stays, its OK button turning, until every row has answered.
      onOk: async () => {
        const outcomes = await mutation.mutateAsync({ action, targets }).catch(() => undefined);
        if (!outcomes) return;
        onDone?.();
        const [only] = outcomes;
        if (only && outcomes.length === 1 && (only.result?.manual.length ?? 0) === 0) {
          const { tone, lines } = outcomeReport(t, action, only, nameOf);
          void message.open({ type: tone, content: lines.join(' ') });
          return;
        }
        setReport({ action, outcomes });
      },
    });
  };

  const manual = report?.outcomes.flatMap((outcome) => outcome.result?.manual ?? []) ?? [];
  const close = () => setReport(undefined);
  return {
    run,
    report: (
      <Modal
        open={report !== undefined}
        title={report && t(`publishHistory.outcome.title.${report.action}`)}
        onCancel={close}
        footer={<Button onClick={close}>{t('publishHistory.outcome.close')}</Button>}
        destroyOnHidden
      >
        {report && (
          <Flex vertical gap={16}>
            <Flex component="ul" vertical gap={8} style={{ margin: 0, padding: 0, listStyle: 'none' }}>
              {report.outcomes.map((outcome) => {
                const { tone, lines } = outcomeReport(t, report.action, outcome, nameOf);
                return (
                  <li key={outcome.target.id} data-tone={tone}>
                    <Typography.Text strong>
                      {TONE_ICONS[tone]} {outcome.target.label}
                    </Typography.Text>
                    {lines.map((line) => (
                      <Typography.Paragraph key={line} style={{ margin: '0 0 0 22px' }}>
                        {line}
                      </Typography.Paragraph>
                    ))}
                  </li>
                );
              })}
            </Flex>
            {manual.length > 0 && <WithdrawChecklist items={manual} nameOf={nameOf} />}
          </Flex>
        )}
      </Modal>
    ),
  };
}
