import { WITHDRAW_NOTE_MAX, type WithdrawArticleResult } from '@postdeck/contract/publish-history';
import { CheckCircleOutlined, ExportOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input, Space, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlatformIcon } from '../../../components/platform-icon';
import { isApiError } from '../../../api/api-error';
import { SUCCESS } from '../../../app/theme-colors';
import { platformName } from '../../channels/platform-name';
import { useWithdrawByHand } from '../api/history-actions';
import { isWebLink } from '../../../utils/url';

type ManualItem = WithdrawArticleResult['manual'][number];

interface WithdrawChecklistProps {
  items: readonly ManualItem[];
  /** A publication's account, as the list shows it. */
  nameOf: (id: number) => string;
}

/**
 * The posts Postdeck could not delete: for each, where it is, why it was left to the user, and
 * "I deleted it", which asks how and marks it withdrawn with that note.
 */
export function WithdrawChecklist({ items, nameOf }: WithdrawChecklistProps) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Typography.Title level={5} id={headingId}>
        {t('publishHistory.manual.heading')}
      </Typography.Title>
      <Typography.Paragraph>{t('publishHistory.manual.intro')}</Typography.Paragraph>
      <Flex component="ul" vertical gap={12} style={{ margin: 0, padding: 0, listStyle: 'none' }}>
        {items.map((item) => (
          <ChecklistItem key={item.id} item={item} name={nameOf(item.id)} />
        ))}
      </Flex>
    </section>
  );
}

function ChecklistItem({ item, name }: { item: ManualItem; name: string }) {
  const { t } = useTranslation();
  const byHand = useWithdrawByHand();
  const [form] = Form.useForm<{ note: string }>();
  const [asking, setAsking] = useState(false);
  const [done, setDone] = useState(false);
  const platform = platformName(item.platform);

  const save = ({ note }: { note: string }) =>
    byHand.mutate(
      { id: item.id, note: note.trim() },
      {
        onSuccess: () => setDone(true),
        onError: (error) => {
          if (isApiError(error) && error.handled) return;
          const mine = isApiError(error) ? error.fieldErrors.filter((e) => e.field === 'note') : [];
          form.setFields([
            { name: 'note', errors: mine.length > 0 ? mine.map((e) => e.message) : [error.message] },
          ]);
        },
      },
    );

  return (
    <li data-publication-id={item.id}>
      <Flex vertical gap={4}>
        <Flex gap={8} align="center" wrap>
          <PlatformIcon platform={item.platform} />
          <Typography.Text strong>{name}</Typography.Text>
        </Flex>
        <Typography.Text>{t(`publishHistory.manual.reasons.${item.reason}`, { platform })}</Typography.Text>
        {item.url && isWebLink(item.url) ? (
          <Typography.Link href={item.url} target="_blank" rel="noopener noreferrer">
            {t('publishHistory.manual.openPost', { platform })} <ExportOutlined aria-hidden />
          </Typography.Link>
        ) : (
          <Typography.Text type="secondary">{t('publishHistory.manual.noLink')}</Typography.Text>
        )}
        {done ? (
          <Typography.Text role="status">
            <CheckCircleOutlined aria-hidden style={{ color: SUCCESS }} /> {t('publishHistory.manual.done')}
          </Typography.Text>
        ) : asking ? (
          <Form form={form} layout="vertical" onFinish={save} requiredMark={false}>
            <Form.Item
              name="note"
              label={t('publishHistory.manual.note')}
              rules={[
                { required: true, whitespace: true, message: t('publishHistory.manual.noteRequired') },
                {
                  max: WITHDRAW_NOTE_MAX,
                  message: t('publishHistory.manual.noteTooLong', { max: WITHDRAW_NOTE_MAX }),
                },
              ]}
            >
              <Input.TextArea
                autoFocus
                autoSize={{ minRows: 2, maxRows: 5 }}
                maxLength={WITHDRAW_NOTE_MAX}
                placeholder={t('publishHistory.manual.notePlaceholder')}
              />
            </Form.Item>
            <Space wrap>
              <Button type="primary" htmlType="submit" loading={byHand.isPending}>
                {t('publishHistory.manual.save')}
              </Button>
              <Button onClick={() => setAsking(false)} disabled={byHand.isPending}>
                {t('publishHistory.manual.back')}
              </Button>
            </Space>
          </Form>
        ) : (
          <div>
            <Button onClick={() => setAsking(true)}>{t('publishHistory.manual.deleted')}</Button>
          </div>
        )}
      </Flex>
    </li>
  );
}
