import { CopyOutlined } from '@ant-design/icons';
import { Alert, App, Button, Flex, Input, Modal, Skeleton, Space, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/api-error';
import { LoadError } from '../../../components/load-error';
import { useCalendarLink, useCalendarLinkChange } from '../api/schedule-queries';
import { formatWhen } from '../format-when';

export interface CalendarLinkDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The user's secret iCalendar address, for Outlook, Google Calendar and the like. Only its hash is
 * kept on the server, so the address shows once, when it is made; renewing stops the old one.
 */
export function CalendarLinkDialog({ open, onClose }: CalendarLinkDialogProps) {
  const { t, i18n } = useTranslation();
  const { modal, message } = App.useApp();
  const link = useCalendarLink(open);
  const { renew, revoke } = useCalendarLinkChange();
  const [problem, setProblem] = useState<string | null>(null);
  const addressId = useId();
  const state = link.data;

  const run = async (action: typeof renew | typeof revoke, done?: string) => {
    setProblem(null);
    try {
      await action.mutateAsync();
      if (done) void message.success(done);
    } catch (error) {
      setProblem(isApiError(error) ? error.message : String(error));
    }
  };

  const askRenew = () =>
    state?.createdAt
      ? modal.confirm({
          title: t('schedule.link.renewTitle'),
          content: t('schedule.link.renewContent'),
          okText: t('schedule.link.renewOk'),
          onOk: () => run(renew),
        })
      : void run(renew);

  const askRevoke = () =>
    modal.confirm({
      title: t('schedule.link.revokeTitle'),
      content: t('schedule.link.revokeContent'),
      okText: t('schedule.link.revokeOk'),
      okButtonProps: { danger: true },
      onOk: () => run(revoke, t('schedule.link.revoked')),
    });

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      void message.success(t('schedule.link.copied'));
    } catch {
      setProblem(t('schedule.link.copyFailed'));
    }
  };

  let body = <Skeleton active paragraph={{ rows: 2 }} />;
  if (link.isError) body = <LoadError title={t('schedule.link.loadFailed')} onRetry={() => link.refetch()} />;
  else if (state) {
    const made = state.createdAt ? formatWhen(state.createdAt, i18n.language) : '';
    body = state.url ? (
      <Flex vertical gap={8}>
        <Typography.Text>{t('schedule.link.made', { time: made })}</Typography.Text>
        <Space.Compact style={{ width: '100%' }}>
          <Input
            id={addressId}
            aria-label={t('schedule.link.address')}
            readOnly
            value={state.url}
            onFocus={(event) => event.target.select()}
          />
          <Button icon={<CopyOutlined />} onClick={() => void copy(state.url ?? '')}>
            {t('schedule.link.copy')}
          </Button>
        </Space.Compact>
        <Typography.Text type="warning">{t('schedule.link.copyNow')}</Typography.Text>
      </Flex>
    ) : (
      <Typography.Paragraph style={{ marginBottom: 0 }}>
        {state.createdAt ? t('schedule.link.exists', { time: made }) : t('schedule.link.none')}
      </Typography.Paragraph>
    );
  }

  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t('schedule.link.title')}
      footer={
        <Flex gap={8} wrap justify="end">
          {state?.createdAt && (
            <Button danger onClick={askRevoke} loading={revoke.isPending}>
              {t('schedule.link.revoke')}
            </Button>
          )}
          {state && (
            <Button type={state.url ? 'default' : 'primary'} onClick={askRenew} loading={renew.isPending}>
              {state.createdAt ? t('schedule.link.renew') : t('schedule.link.make')}
            </Button>
          )}
          <Button onClick={onClose}>{t('schedule.link.close')}</Button>
        </Flex>
      }
    >
      <Flex vertical gap={12}>
        <Typography.Paragraph style={{ marginBottom: 0 }}>{t('schedule.link.explain')}</Typography.Paragraph>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('schedule.link.secret')}
        </Typography.Paragraph>
        {body}
        {problem && <Alert type="error" showIcon title={problem} />}
      </Flex>
    </Modal>
  );
}
