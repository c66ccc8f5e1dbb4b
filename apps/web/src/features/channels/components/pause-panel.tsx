import type { PublishingPause } from '@postdeck/contract/publishing-pauses';
import { Alert, App, Button, Flex, Popconfirm, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormatTime } from '../../../i18n/use-format-time';
import { useResumePublishing } from '../api/publish-pauses';

/** The active pauses, each with its reason and, for those the caller may lift, Resume. */
export function PausePanel({ pauses }: { pauses: readonly PublishingPause[] }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const formatTime = useFormatTime();
  const resume = useResumePublishing();
  if (pauses.length === 0) return null;

  const lift = (pause: PublishingPause) =>
    resume.mutate(pause.id, {
      onSuccess: (answer) => void message.success(t('channels.pause.resumed', { count: answer.released })),
    });

  return (
    <Alert
      type="warning"
      showIcon
      title={t('channels.pause.heading')}
      style={{ marginBottom: 16 }}
      description={
        <ul aria-label={t('channels.pause.heading')} style={{ margin: 0, paddingInlineStart: 16 }}>
          {pauses.map((pause) => (
            <li key={pause.id}>
              <Flex justify="space-between" align="center" gap={8} wrap>
                <span>
                  <Typography.Text strong>
                    {t(`channels.pause.target.${pause.scope}`, { name: pause.target?.name ?? '' })}
                  </Typography.Text>
                  {': '}
                  {pause.reason}{' '}
                  <Typography.Text type="secondary">
                    (
                    {t('channels.pause.by', {
                      name: pause.pausedBy?.name ?? '',
                      time: formatTime(pause.pausedAt),
                    })}
                    )
                  </Typography.Text>
                </span>
                {pause.canResume ? (
                  <Popconfirm
                    title={t('channels.pause.resumeConfirm')}
                    okText={t('channels.pause.resume')}
                    cancelText={t('channels.connect.cancel')}
                    onConfirm={() => lift(pause)}
                  >
                    <Button size="small" loading={resume.isPending && resume.variables === pause.id}>
                      {t('channels.pause.resume')}
                    </Button>
                  </Popconfirm>
                ) : (
                  <Typography.Text type="secondary">{t('channels.pause.notYours')}</Typography.Text>
                )}
              </Flex>
            </li>
          ))}
        </ul>
      }
    />
  );
}
