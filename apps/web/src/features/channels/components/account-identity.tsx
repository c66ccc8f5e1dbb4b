import { UserOutlined } from '@ant-design/icons';
import { Avatar, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface AccountIdentityProps {
  name: string;
  handle: string | null;
  avatarUrl: string | null;
  profileUrl: string | null;
  /** Below the handle (the platform's name, a tag). */
  extra?: ReactNode;
}

/** An account as people recognise it: its picture, name and handle, the handle opening its profile. */
export function AccountIdentity({ name, handle, avatarUrl, profileUrl, extra }: AccountIdentityProps) {
  const { t } = useTranslation();
  const shown = handle ?? (profileUrl ? profileUrl : null);
  return (
    <Flex gap={8} align="center">
      <Avatar src={avatarUrl ?? undefined} icon={<UserOutlined />} alt="" />
      <Flex vertical>
        <Typography.Text strong>{name}</Typography.Text>
        {shown &&
          (profileUrl ? (
            <Typography.Link
              href={profileUrl}
              target="_blank"
              rel="noopener noreferrer"
              title={t('channels.openProfile', { name })}
            >
              {shown}
            </Typography.Link>
          ) : (
            <Typography.Text type="secondary">{shown}</Typography.Text>
          ))}
        {extra}
      </Flex>
    </Flex>
  );
}
