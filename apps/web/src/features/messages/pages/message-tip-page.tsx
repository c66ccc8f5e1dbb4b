import { PERMISSIONS } from '@postdeck/contract/permissions';
import type { Preferences } from '@postdeck/contract/notifications';
import { App, Alert, Button, Card, Form, Input, Space, Switch } from 'antd';
import { ScrollTable } from '../../../components/scroll-table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { DepartmentTreeSelect } from '../../../components/department-tree-select';
import { useFormatTime } from '../../../i18n/use-format-time';
import { useUserStore } from '../../../stores/user-store';
import { usePreferences, usePreferencesUpdate } from '../api/preferences';
import { useTipList } from '../api/tip-list';
import { useTipSend } from '../api/tip-send';

interface TipForm {
  title: string;
  content: string;
  everyone: boolean;
  departmentIds?: number[];
}

/** The send form; 'everyone' sends an empty department list (the sender's whole scope). */
function SendTipForm() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<TipForm>();
  const send = useTipSend();
  const everyone = Form.useWatch('everyone', form) ?? true;

  const submit = (values: TipForm) => {
    const departmentIds = values.everyone ? [] : (values.departmentIds ?? []);
    send.mutate(
      { title: values.title, content: values.content, departmentIds },
      {
        onSuccess: ({ recipients }) => {
          void message.success(t('tips.sent', { count: recipients }));
          form.resetFields();
        },
      },
    );
  };

  return (
    <Card title={t('tips.sendTitle')} style={{ marginBottom: 16 }}>
      <Form form={form} layout="vertical" initialValues={{ everyone: true }} onFinish={submit}>
        <Form.Item
          name="title"
          label={t('tips.title')}
          rules={[{ required: true, whitespace: true, max: 100 }]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="content"
          label={t('tips.content')}
          rules={[{ required: true, whitespace: true, max: 2000 }]}
        >
          <Input.TextArea rows={3} />
        </Form.Item>
        <Form.Item name="everyone" label={t('tips.everyone')} valuePropName="checked">
          <Switch />
        </Form.Item>
        {!everyone && (
          <Form.Item
            name="departmentIds"
            label={t('tips.departmentIds')}
            extra={t('tips.departmentIdsHint')}
            rules={[{ required: true, message: t('tips.departmentIdsRequired') }]}
          >
            <DepartmentTreeSelect />
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" loading={send.isPending}>
          {t('tips.send')}
        </Button>
      </Form>
    </Card>
  );
}

function TipList() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const tips = useTipList({ page, pageSize: 10 });
  const formatTime = useFormatTime();

  return (
    <Card title={t('tips.listTitle')} style={{ marginBottom: 16 }}>
      {tips.isError ? (
        <LoadError title={t('messages.loadFailed')} onRetry={() => tips.refetch()} />
      ) : (
        <ScrollTable
          label={t('tips.listTitle')}
          rowKey="id"
          loading={tips.isFetching}
          dataSource={tips.data?.items ?? []}
          locale={{ emptyText: t('tips.empty') }}
          pagination={{
            current: page,
            pageSize: 10,
            total: tips.data?.total ?? 0,
            showSizeChanger: false,
            onChange: setPage,
          }}
          columns={[
            { key: 'title', dataIndex: 'title', title: t('tips.title') },
            { key: 'content', dataIndex: 'content', title: t('tips.content') },
            {
              key: 'sender',
              title: t('tips.sender'),
              render: (_, row) => row.sender.name || row.sender.account,
            },
            {
              key: 'departments',
              title: t('tips.departments'),
              render: (_, row) =>
                row.departments.length === 0
                  ? t('tips.everyone')
                  : row.departments.map((d) => d.name).join(', '),
            },
            { key: 'recipients', dataIndex: 'recipients', title: t('tips.recipients') },
            {
              key: 'time',
              dataIndex: 'time',
              title: t('messages.colTime'),
              render: (time: string) => formatTime(time),
            },
          ]}
        />
      )}
    </Card>
  );
}

const PREFERENCE_KEYS = ['publishFailure', 'publishSuccess', 'tip', 'departmentFailures'] as const;

function PreferencesForm() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const preferences = usePreferences();
  const update = usePreferencesUpdate();

  return (
    <Card title={t('tips.preferencesTitle')}>
      {preferences.isError ? (
        <Alert type="error" showIcon title={t('messages.loadFailed')} />
      ) : preferences.data ? (
        <Form<Preferences>
          layout="horizontal"
          initialValues={preferences.data}
          onFinish={(values) =>
            update.mutate(values, { onSuccess: () => void message.success(t('tips.preferencesSaved')) })
          }
        >
          {PREFERENCE_KEYS.map((key) => (
            <Form.Item key={key} name={key} label={t(`tips.pref.${key}`)} valuePropName="checked">
              <Switch />
            </Form.Item>
          ))}
          <Button type="primary" htmlType="submit" loading={update.isPending}>
            {t('tips.save')}
          </Button>
        </Form>
      ) : (
        <Space>{t('app.loading')}</Space>
      )}
    </Card>
  );
}

/** /api/tip/messagetip: send tips (message:tip:send), the tips sent, and own preferences. */
export function MessageTipPage() {
  const canSend = useUserStore(
    (state) => state.info?.permissions.includes(PERMISSIONS.messageTipSend) ?? false,
  );
  return (
    <div>
      {canSend && <SendTipForm />}
      <TipList />
      <PreferencesForm />
    </div>
  );
}
