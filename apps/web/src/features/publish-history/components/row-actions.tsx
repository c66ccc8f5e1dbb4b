import type { PublishHistoryItem } from '@postdeck/contract/publish-history';
import type { Publication, PublicationStatus } from '@postdeck/contract/publishing';
import { CopyOutlined } from '@ant-design/icons';
import { App, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { isWebLink } from '../../../utils/url';
import type { ActionTarget } from '../api/history-actions';
import type { RunAction } from './action-runner';

/** Not gone out yet: it can be cancelled (publicationWithdrawal). */
export const NOT_SENT: readonly PublicationStatus[] = ['scheduled', 'queued', 'held'];

/** Copies a post's link, saying so; where the browser refuses, the link is shown to copy by hand. */
export function useCopyLink() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return (url: string) =>
    navigator.clipboard
      .writeText(url)
      .then(() => void message.success(t('publishHistory.actions.copied')))
      .catch(() => void message.warning(t('publishHistory.actions.copyFailed', { url })));
}

interface AccountActionsProps {
  publication: Publication;
  target: ActionTarget;
  canAct: boolean;
  run: RunAction;
  onDetail: (id: number) => void;
}

/** One account's actions: the detail, and what its state allows (settling happens in the detail). */
export function AccountActions({ publication, target, canAct, run, onDetail }: AccountActionsProps) {
  const { t } = useTranslation();
  const copy = useCopyLink();
  const { status, externalUrl } = publication;
  const label = (action: string) => `${action}: ${target.label}`;
  return (
    <Space size={4} wrap>
      <Button
        size="small"
        onClick={() => onDetail(publication.id)}
        aria-label={label(t('publishHistory.actions.details'))}
      >
        {t('publishHistory.actions.details')}
      </Button>
      {canAct && status === 'unconfirmed' && (
        <Button
          size="small"
          onClick={() => onDetail(publication.id)}
          aria-label={label(t('publishHistory.actions.settle'))}
        >
          {t('publishHistory.actions.settle')}
        </Button>
      )}
      {canAct && status === 'failed' && (
        <Button
          size="small"
          onClick={() => run('retry', [target])}
          aria-label={label(t('publishHistory.actions.retry'))}
        >
          {t('publishHistory.actions.retry')}
        </Button>
      )}
      {canAct && NOT_SENT.includes(status) && (
        <Button
          size="small"
          onClick={() => run('cancel', [target])}
          aria-label={label(t('publishHistory.actions.cancel'))}
        >
          {t('publishHistory.actions.cancel')}
        </Button>
      )}
      {canAct && status === 'published' && (
        <Button
          size="small"
          danger
          onClick={() => run('withdraw', [target])}
          aria-label={label(t('publishHistory.actions.withdraw'))}
        >
          {t('publishHistory.actions.withdraw')}
        </Button>
      )}
      {isWebLink(externalUrl) && (
        <Button
          size="small"
          icon={<CopyOutlined aria-hidden />}
          onClick={() => void copy(externalUrl)}
          aria-label={label(t('publishHistory.actions.copyLink'))}
        >
          {t('publishHistory.actions.copyLink')}
        </Button>
      )}
    </Space>
  );
}

interface ParentActionsProps {
  item: PublishHistoryItem;
  run: RunAction;
}

/** A publish action's actions on all its accounts at once (the server takes the parent's id). */
export function ParentActions({ item, run }: ParentActionsProps) {
  const { t } = useTranslation();
  const target = { id: item.id, label: item.title };
  const has = (statuses: readonly PublicationStatus[]) =>
    item.children.some((c) => statuses.includes(c.status));
  const label = (action: string) => `${action}: ${item.title}`;
  return (
    <Space size={4} wrap>
      {has(['published', ...NOT_SENT]) && (
        <Button
          size="small"
          danger
          onClick={() => run('withdraw', [target])}
          aria-label={label(t('publishHistory.actions.withdrawAll'))}
        >
          {t('publishHistory.actions.withdrawAll')}
        </Button>
      )}
      {has(NOT_SENT) && (
        <Button
          size="small"
          onClick={() => run('cancel', [target])}
          aria-label={label(t('publishHistory.actions.cancelAll'))}
        >
          {t('publishHistory.actions.cancelAll')}
        </Button>
      )}
      {has(['failed']) && (
        <Button
          size="small"
          onClick={() => run('retry', [target])}
          aria-label={label(t('publishHistory.actions.retryFailed'))}
        >
          {t('publishHistory.actions.retryFailed')}
        </Button>
      )}
    </Space>
  );
}
