import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n';
import type { ActionOutcome } from './api/history-actions';
import { outcomeReport } from './outcome-text';

const t = i18n.getFixedT('en');
const target = { id: 1, label: 'Harbour at dawn' };
const names: Record<number, string> = { 11: 'Desk (Telegram)', 12: 'Desk (Mastodon)', 13: 'Desk (Bluesky)' };
const nameOf = (id: number) => names[id] ?? `#${id}`;
const result = (parts: Partial<NonNullable<ActionOutcome['result']>>): ActionOutcome => ({
  target,
  result: { done: [], cancelled: [], manual: [], kept: [], ...parts },
});

describe('what an action did to a row, in words', () => {
  it('says how many went as asked', () => {
    expect(outcomeReport(t, 'withdraw', result({ done: [11, 12] }), nameOf)).toEqual({
      tone: 'success',
      lines: ['Deleted from the platform: 2'],
    });
    expect(outcomeReport(t, 'retry', result({ done: [11] }), nameOf).lines).toEqual(['Sent again: 1']);
  });

  it('names each one left as it was, with its state or why the delete failed', () => {
    const report = outcomeReport(
      t,
      'withdraw',
      result({
        done: [11],
        cancelled: [13],
        manual: [{ id: 12, platform: 'mastodon', url: null, reason: 'platformRefused' }],
        kept: [
          { id: 13, status: 'publishing', error: null },
          { id: 12, status: 'published', error: { kind: 'transient', message: 'Bad gateway' } },
        ],
      }),
      nameOf,
    );
    expect(report.tone).toBe('warning');
    expect(report.lines).toEqual([
      'Deleted from the platform: 1',
      'Not sent yet, so cancelled: 1',
      'To remove by hand: 1 (see below)',
      'Desk (Bluesky): left as it is (Publishing)',
      'Desk (Mastodon): the platform could not delete it just now (Bad gateway). Try again later.',
    ]);
  });

  it('says when nothing was in a state for the action, and when the call failed', () => {
    expect(outcomeReport(t, 'retry', result({}), nameOf)).toEqual({
      tone: 'warning',
      lines: ['Nothing to retry: nothing here has failed.'],
    });
    expect(outcomeReport(t, 'cancel', { target, error: 'It is being sent' }, nameOf)).toEqual({
      tone: 'error',
      lines: ['Not done: It is being sent'],
    });
  });
});
