import type { Publication, SettleBody } from '@postdeck/contract/publishing';
import { App, Button, Flex, Form, Input, Popconfirm, Space, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/api-error';
import { platformName } from '../../channels/platform-name';
import { useSettlePublication } from '../api/publication-live';

/** The server's check of a link (settleBodySchema): a whole http(s) address. */
function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * An unconfirmed publication's two ways out: the author found the post (its link, which the
 * server checks is the account's), or sends it again. `onSettled` follows a settling (the
 * publish list refreshes its rows).
 */
export function SettleUnconfirmed({
  publication,
  onSettled,
}: {
  publication: Publication;
  onSettled?: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const settle = useSettlePublication();
  const [form] = Form.useForm<{ url: string }>();
  const [asking, setAsking] = useState(false);
  const formId = useId();
  const platform = platformName(publication.account.platform);

  const send = (body: SettleBody, onRefused: (error: Error) => void) =>
    settle.mutate(body, {
      onSuccess: () => {
        void message.success(
          body.outcome === 'published'
            ? t('publishing.live.settle.settled')
            : t('publishing.live.settle.queuedAgain'),
        );
        onSettled?.();
      },
      onError: (error) => {
        // Session failures were acted on by the client already.
        if (isApiError(error) && error.handled) return;
        onRefused(error);
      },
    });

  const showOnField = (error: Error) => {
    const mine = isApiError(error) ? error.fieldErrors.filter((e) => e.field === 'url') : [];
    form.setFields([{ name: 'url', errors: mine.length > 0 ? mine.map((e) => e.message) : [error.message] }]);
  };

  const markPublished = ({ url }: { url: string }) =>
    send({ id: publication.id, outcome: 'published', url: url.trim() }, showOnField);
  const publishAgain = () =>
    send({ id: publication.id, outcome: 'again' }, (error) => void message.error(error.message));

  return (
    <Flex vertical gap={8}>
      <Typography.Text>{t('publishing.live.settle.question', { platform })}</Typography.Text>
      {asking ? (
        <Form form={form} id={formId} layout="vertical" onFinish={markPublished} requiredMark={false}>
          <Form.Item
            name="url"
            label={t('publishing.live.settle.url')}
            extra={t('publishing.live.settle.urlHint', { platform })}
            rules={[
              { required: true, whitespace: true, message: t('publishing.live.settle.urlInvalid') },
              {
                validator: async (_rule, value: unknown) => {
                  if (typeof value === 'string' && value.trim() !== '' && !isWebAddress(value))
                    throw new Error(t('publishing.live.settle.urlInvalid'));
                },
              },
            ]}
          >
            <Input type="url" inputMode="url" placeholder="https://" autoComplete="off" autoFocus />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={settle.isPending}>
              {t('publishing.live.settle.save')}
            </Button>
            <Button onClick={() => setAsking(false)} disabled={settle.isPending}>
              {t('publishing.live.settle.cancel')}
            </Button>
          </Space>
        </Form>
      ) : (
        <Space wrap>
          <Button onClick={() => setAsking(true)}>{t('publishing.live.settle.there')}</Button>
          <Popconfirm
            title={t('publishing.live.settle.againConfirm')}
            okText={t('publishing.live.settle.again')}
            cancelText={t('publishing.live.settle.cancel')}
            onConfirm={publishAgain}
          >
            <Button loading={settle.isPending}>{t('publishing.live.settle.again')}</Button>
          </Popconfirm>
        </Space>
      )}
    </Flex>
  );
}
