import type { ScheduleItem } from '@postdeck/contract/publish-schedule';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import { useUpdatePublication } from './api/schedule-queries';
import { platformName } from './platform-name';
import { formatWhen } from './format-when';

export interface MoveRequest {
  publication: ScheduleItem;
  to: Date;
  /** Puts the event back where it was (FullCalendar's revert). */
  revert: () => void;
}

/**
 * A publication dragged to another time: refused at once if that time has passed, otherwise
 * confirmed first, then sent (POST /content/publish/update). Cancelled or refused, the event goes
 * back; a refusal's reason (the server's words: paused, sending, past) goes to `onRefused`.
 */
export function useMovePublication(options: { now: () => number; onRefused: (text: string) => void }) {
  const { t, i18n } = useTranslation();
  const { modal, message } = App.useApp();
  const update = useUpdatePublication();

  return ({ publication, to, revert }: MoveRequest) => {
    const refuse = (reason: string) => {
      revert();
      options.onRefused(t('schedule.move.refused', { title: publication.title, reason }));
    };
    if (to.getTime() <= options.now()) {
      refuse(t('schedule.move.past'));
      return;
    }
    const time = formatWhen(to, i18n.language);
    let settled = false;
    modal.confirm({
      title: t('schedule.move.title', { title: publication.title, time }),
      content: t('schedule.move.content', {
        account: publication.account.name,
        platform: platformName(publication.account.platform),
        from: publication.scheduledAt ? formatWhen(publication.scheduledAt, i18n.language) : '—',
      }),
      okText: t('schedule.move.ok'),
      cancelText: t('schedule.move.cancel'),
      onOk: async () => {
        settled = true;
        try {
          await update.mutateAsync({ id: publication.id, scheduledAt: to.toISOString() });
          void message.success(t('schedule.move.done', { time }));
        } catch (error) {
          refuse(isApiError(error) ? error.message : String(error));
        }
      },
      onCancel: () => {
        if (!settled) revert();
      },
    });
  };
}
