import {
  blueskyConnectBodySchema,
  connectStartBodySchema,
  type ChannelPlatformInfo,
  telegramConnectBodySchema,
} from '@postdeck/contract/channels';
import { Button, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CredentialField } from './connect-errors';
import { zodRule } from './zod-rule';

type Kind = ChannelPlatformInfo['connect'];

/** The fields each way of connecting asks for, beyond platform and department. */
export const FIELDS_OF_KIND: Record<Kind, CredentialField[]> = {
  oauth: [],
  oauthPerInstance: ['instance'],
  botToken: ['botToken', 'channel'],
  appPassword: ['identifier', 'appPassword'],
};

const HINT_LABEL = {
  oauth: 'channels.connect.useSandbox',
  oauthPerInstance: 'channels.connect.useSandboxInstance',
  botToken: 'channels.connect.useSandboxBot',
  appPassword: 'channels.connect.useSandbox',
} as const;

interface CredentialFieldsProps {
  info: ChannelPlatformInfo;
  /** Fills the fields with the sandbox's hints (Telegram's test bot and channel…). */
  onUseHints: (values: Partial<Record<CredentialField, string>>) => void;
}

/** What the chosen platform asks for: nothing (its consent page), an instance, a bot, an app password. */
export function CredentialFields({ info, onUseHints }: CredentialFieldsProps) {
  const { t } = useTranslation();
  const required = { required: true, whitespace: true, message: t('channels.connect.required') };
  const fields = FIELDS_OF_KIND[info.connect];
  const hints = Object.fromEntries(
    Object.entries(info.sandboxHints ?? {}).filter(([key]) => (fields as string[]).includes(key)),
  ) as Partial<Record<CredentialField, string>>;
  const hintButton = Object.keys(hints).length > 0 && (
    <Button type="link" style={{ paddingInline: 0 }} onClick={() => onUseHints(hints)}>
      {t(HINT_LABEL[info.connect])}
    </Button>
  );

  switch (info.connect) {
    case 'oauth':
      return (
        <Typography.Paragraph type="secondary">
          {t('channels.connect.continueHint', { platform: info.displayName })}
        </Typography.Paragraph>
      );
    case 'oauthPerInstance':
      return (
        <>
          <Form.Item
            name="instance"
            label={t('channels.connect.instance')}
            extra={t('channels.connect.instanceHint')}
            rules={[required, zodRule(connectStartBodySchema.shape.instance, t)]}
          >
            <Input autoComplete="url" spellCheck={false} />
          </Form.Item>
          {hintButton}
          <Typography.Paragraph type="secondary">
            {t('channels.connect.continueHint', { platform: info.displayName })}
          </Typography.Paragraph>
        </>
      );
    case 'botToken':
      return (
        <>
          {hintButton}
          <Form.Item
            name="botToken"
            label={t('channels.connect.botToken')}
            extra={t('channels.connect.botTokenHint')}
            rules={[required, zodRule(telegramConnectBodySchema.shape.botToken, t)]}
          >
            <Input.Password autoComplete="off" spellCheck={false} />
          </Form.Item>
          <Form.Item
            name="channel"
            label={t('channels.connect.channel')}
            extra={t('channels.connect.channelHint')}
            rules={[required, zodRule(telegramConnectBodySchema.shape.channel, t)]}
          >
            <Input autoComplete="off" spellCheck={false} />
          </Form.Item>
        </>
      );
    case 'appPassword':
      return (
        <>
          {hintButton}
          <Form.Item
            name="identifier"
            label={t('channels.connect.identifier')}
            extra={t('channels.connect.identifierHint')}
            rules={[required, zodRule(blueskyConnectBodySchema.shape.identifier, t)]}
          >
            <Input autoComplete="username" spellCheck={false} />
          </Form.Item>
          <Form.Item
            name="appPassword"
            label={t('channels.connect.appPassword')}
            extra={t('channels.connect.appPasswordHint')}
            rules={[required, zodRule(blueskyConnectBodySchema.shape.appPassword, t)]}
          >
            <Input.Password autoComplete="off" spellCheck={false} />
          </Form.Item>
        </>
      );
  }
}
