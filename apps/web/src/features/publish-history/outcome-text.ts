import type { TFunction } from 'i18next';
import type { ActionOutcome, HistoryAction } from './api/history-actions';

export interface OutcomeReport {
  tone: 'success' | 'warning' | 'error';
  lines: string[];
}

/**
 * What an action did to one row, in plain words: how many went as asked, how many wait on the
 * user's hand (the checklist), and each one left as it was with its state or why. `nameOf`
 * names a publication by its account.
 */
export function outcomeReport(
  t: TFunction,
  action: HistoryAction,
  outcome: ActionOutcome,
  nameOf: (id: number) => string,
): OutcomeReport {
  if (outcome.error !== undefined)
    return { tone: 'error', lines: [t('publishHistory.outcome.failed', { message: outcome.error })] };
  const { done, cancelled, manual, kept } = outcome.result;
  const lines: string[] = [];
  if (done.length > 0) lines.push(t(`publishHistory.outcome.done.${action}`, { count: done.length }));
  if (cancelled.length > 0)
    lines.push(t('publishHistory.outcome.cancelledInstead', { count: cancelled.length }));
  if (manual.length > 0) lines.push(t('publishHistory.outcome.manual', { count: manual.length }));
  for (const one of kept) {
    const name = nameOf(one.id);
    lines.push(
      one.error
        ? t('publishHistory.outcome.deleteFailed', { name, message: one.error.message ?? one.error.kind })
        : t('publishHistory.outcome.kept', { name, status: t(`publishing.statuses.${one.status}`) }),
    );
  }
  if (lines.length === 0) lines.push(t(`publishHistory.outcome.nothing.${action}`));
  const clean = kept.length === 0 && manual.length === 0 && done.length + cancelled.length > 0;
  return { tone: clean ? 'success' : 'warning', lines };
}
