import type { WithdrawArticleResult } from '@postdeck/contract/publish-history';
import type { PublicationStatus } from '@postdeck/contract/publishing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../api/api-error';
import { request } from '../../../api/client';
import { PUBLISHING_KEY } from '../../publishing/api/publish-queries';

/** What the list does to a publication, or to every account of a publish action (a parent's id). */
export type HistoryAction = 'withdraw' | 'cancel' | 'retry';

export interface ActionTarget {
  id: number;
  /** The row as people know it: the title, or the account and its platform. */
  label: string;
}

/** The three answers in one shape, for one report. */
export interface ActionResult {
  /** Withdrawn, cancelled or sent again, as the action asked. */
  done: number[];
  /** withdrawArticle only: not gone out yet, so cancelled instead. */
  cancelled: number[];
  manual: WithdrawArticleResult['manual'];
  /** Left as they were, with their state and, for a failed delete, why. */
  kept: { id: number; status: PublicationStatus; error: { kind: string; message: string | null } | null }[];
}

export type ActionOutcome = { target: ActionTarget } & (
  { result: ActionResult; error?: undefined } | { result?: undefined; error: string }
);

/** One call: inlineErrors, as each row's failure goes in the report rather than a message of its own. */
async function call(action: HistoryAction, id: number): Promise<ActionResult> {
  if (action === 'withdraw') {
    const { withdrawn, ...rest } = await request('publicationWithdrawArticle', {
      body: { id },
      inlineErrors: true,
    });
    return { done: withdrawn, ...rest };
  }
  if (action === 'cancel') {
    const answer = await request('publicationWithdrawal', { body: { id }, inlineErrors: true });
    return {
      done: answer.cancelled,
      cancelled: [],
      manual: [],
      kept: answer.kept.map((kept) => ({ ...kept, error: null })),
    };
  }
  const answer = await request('publicationRetry', { body: { id }, inlineErrors: true });
  return {
    done: answer.retried,
    cancelled: [],
    manual: [],
    kept: answer.kept.map((kept) => ({ ...kept, error: null })),
  };
}

/** Refreshes the list, its rows and every publication's detail. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: PUBLISHING_KEY });
}

/**
 * An action on one row or a selection, one call per target in turn, each outcome kept for the
 * report. A failure the client acted on already (the session ended) stops the run.
 */
export function useHistoryAction() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ action, targets }: { action: HistoryAction; targets: readonly ActionTarget[] }) => {
      const outcomes: ActionOutcome[] = [];
      for (const target of targets) {
        try {
          outcomes.push({ target, result: await call(action, target.id) });
        } catch (error) {
          if (isApiError(error) && error.handled) throw error;
          outcomes.push({ target, error: error instanceof Error ? error.message : String(error) });
        }
      }
      return outcomes;
    },
    onSettled: refresh,
  });
}

/** The checklist's "I deleted it": one post the user removed on its platform, with their note. */
export function useWithdrawByHand() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: { id: number; note: string }) =>
      request('publicationWithdrawArticle', { body, inlineErrors: true }),
    onSettled: refresh,
  });
}
