import { Avatar, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './account-identity.module.css';

interface AccountIdentityProps {
  name: string;
  handle: string | null;
  avatarUrl: string | null;
  profileUrl: string | null;
  /** Below the handle (the platform's name, a tag). */
  extra?: ReactNode;
  /** Sizes it where it sits (the accounts table's column bounds). */
  className?: string;
}

/** An account as people recognise it: its picture, name and handle, the handle opening its profile. */
export function AccountIdentity({
  name,
  handle,
  avatarUrl,
  profileUrl,
  extra,
  className,
}: AccountIdentityProps) {
  const { t } = useTranslation();
  const shown = handle ?? (profileUrl ? profileUrl : null);
  return (
    <Flex gap={8} align="center" className={className ? `${styles.identity} ${className}` : styles.identity}>
      {/* Initials until Postdeck has its own copy of the picture, and if that copy fails to load. */}
      <Avatar src={avatarUrl ?? undefined} alt="" className={styles.avatar}>
        {initials(name)}
      </Avatar>
      <Flex vertical className={styles.text}>
        <Typography.Text strong className={styles.name} title={name}>
          {name}
        </Typography.Text>
        {shown &&
          (profileUrl ? (
            <Typography.Link
              href={profileUrl}
              target="_blank"
              rel="noopener noreferrer"
              title={t('channels.openProfile', { name })}
              className={styles.handle}
            >
              {shown}
            </Typography.Link>
          ) : (
            <Typography.Text type="secondary" className={styles.handle} title={shown}>
              {shown}
            </Typography.Text>
          ))}
        {extra}
      </Flex>
    </Flex>
  );
}

/** The first letters of the name's first two words ('Postdeck Sandbox News' → 'PS'). */
function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => [...word][0]?.toUpperCase() ?? '')
    .join('');
}
