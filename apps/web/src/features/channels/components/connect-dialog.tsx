import type { ChannelPlatform } from '@postdeck/contract/platforms';
import { Alert, App, Button, Flex, Form, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DepartmentTreeSelect } from '../../../components/department-tree-select';
import { LoadError } from '../../../components/load-error';
import { useUserStore } from '../../../stores/user-store';
import { useConnectStart, useConnectWithCredentials } from '../api/channel-connect';
import { useChannelPlatforms } from '../api/channel-queries';
import { type CredentialField, placeConnectError } from './connect-errors';
import { CredentialFields } from './credential-fields';

/** What the dialog opens on: nothing chosen, or an account's platform and department (Reconnect). */
export interface ConnectPreset {
  platform?: ChannelPlatform | undefined;
  departmentId?: number | undefined;
}

interface ConnectValues extends Partial<Record<CredentialField, string>> {
  platform?: ChannelPlatform;
  department?: number[];
}

interface ConnectDialogProps {
  open: boolean;
  preset: ConnectPreset | undefined;
  onClose: () => void;
  afterOpenChange: (open: boolean) => void;
}

/**
 * Connect: a platform and a department, then what the platform's way of connecting asks for.
 * OAuth platforms leave for their consent page; Telegram and Bluesky connect here.
 */
export function ConnectDialog({ open, preset, onClose, afterOpenChange }: ConnectDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ConnectValues>();
  const platforms = useChannelPlatforms();
  const ownDepartment = useUserStore((state) => state.info?.department.id);
  const start = useConnectStart();
  const { telegram, bluesky } = useConnectWithCredentials();
  const [formError, setFormError] = useState<string>();
  const chosen = Form.useWatch('platform', form);
  const info = platforms.data?.platforms.find((p) => p.platform === chosen);
  // Still true while the browser leaves for the consent page.
  const busy = start.isPending || start.isSuccess || telegram.isPending || bluesky.isPending;

  const failed = (error: unknown) => setFormError(placeConnectError(error, form));
  const connected = ({ accounts }: { accounts: unknown[] }) => {
    void message.success(t('channels.connect.connected', { count: accounts.length }));
    onClose();
  };

  const submit = (values: ConnectValues) => {
    setFormError(undefined);
    const departmentId = values.department?.[0];
    if (!info || departmentId === undefined) return;
    const text = (value: string | undefined) => (value ?? '').trim();
    switch (info.connect) {
      case 'oauth':
        return start.mutate({ platform: info.platform, departmentId }, { onError: failed });
      case 'oauthPerInstance':
        return start.mutate(
          { platform: info.platform, departmentId, instance: text(values.instance) },
          { onError: failed },
        );
      case 'botToken':
        return telegram.mutate(
          { departmentId, botToken: text(values.botToken), channel: text(values.channel) },
          { onSuccess: connected, onError: failed },
        );
      case 'appPassword':
        return bluesky.mutate(
          { departmentId, identifier: text(values.identifier), appPassword: text(values.appPassword) },
          { onSuccess: connected, onError: failed },
        );
    }
  };

  const oauth = info?.connect === 'oauth' || info?.connect === 'oauthPerInstance';

  return (
    <Modal
      open={open}
      title={t('channels.connect.title')}
      onCancel={onClose}
      afterOpenChange={afterOpenChange}
      footer={null}
      destroyOnHidden
      mask={{ closable: !busy }}
    >
      {platforms.isError ? (
        <LoadError title={t('channels.connect.loadFailed')} onRetry={() => platforms.refetch()} />
      ) : (
        <Form<ConnectValues>
          form={form}
          layout="vertical"
          disabled={busy}
          onFinish={submit}
          onValuesChange={(changed: Partial<ConnectValues>) => {
            if ('platform' in changed) setFormError(undefined);
          }}
          initialValues={{
            platform: preset?.platform,
            department: [preset?.departmentId ?? ownDepartment].filter((id) => id !== undefined),
          }}
        >
          <Form.Item
            name="platform"
            label={t('channels.connect.platform')}
            rules={[{ required: true, message: t('channels.connect.required') }]}
          >
            <Select
              loading={platforms.isPending}
              options={(platforms.data?.platforms ?? []).map((p) => ({
                value: p.platform,
                disabled: p.mode === 'unavailable',
                label:
                  p.mode === 'unavailable'
                    ? `${p.displayName} — ${t('channels.connect.unavailable')}`
                    : p.displayName,
              }))}
            />
          </Form.Item>
          <Form.Item
            name="department"
            label={t('channels.connect.department')}
            extra={t('channels.connect.departmentHint')}
            rules={[{ required: true, type: 'array', min: 1, message: t('channels.connect.required') }]}
          >
            <DepartmentTreeSelect single placeholder={t('channels.connect.department')} />
          </Form.Item>
          {info && <CredentialFields info={info} onUseHints={(hints) => form.setFieldsValue(hints)} />}
          {formError && <Alert type="error" showIcon title={formError} style={{ marginBottom: 16 }} />}
          <Flex justify="end" gap={8}>
            <Button onClick={onClose} disabled={false}>
              {t('channels.connect.cancel')}
            </Button>
            <Button type="primary" htmlType="submit" loading={busy}>
              {info && oauth
                ? t('channels.connect.continue', { platform: info.displayName })
                : t('channels.connect.submit')}
            </Button>
          </Flex>
        </Form>
      )}
    </Modal>
  );
}
