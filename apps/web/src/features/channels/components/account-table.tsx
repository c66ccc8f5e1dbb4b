import { WarningOutlined } from '@ant-design/icons';
import type { ChannelAccount } from '@postdeck/contract/channels';
import { Button, Flex, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { NO_WRAP_COLUMN, ScrollTable, STICKY_END_COLUMN } from '../../../components/scroll-table';
import { currentLanguage } from '../../../i18n/i18n';
import { useFormatTime } from '../../../i18n/use-format-time';
import { countdown } from '../expiry-countdown';
import { platformName } from '../platform-name';
import { releasePageUrl } from '../release-route';
import { AccountIdentity } from './account-identity';
import { AccountStatusTag } from './account-status-tag';
import styles from './account-table.module.css';

interface AccountTableProps {
  items: readonly ChannelAccount[];
  loading: boolean;
  emptyText: ReactNode;
  /** Set with the connect permission: opens the connect dialog on the account's platform. */
  onReconnect?: ((account: ChannelAccount) => void) | undefined;
  /** Set with the release permission: platforms without a release page of their own confirm in a dialog. */
  onRelease?: ((account: ChannelAccount) => void) | undefined;
  /** Set with the connect permission: moves the account to another department of the caller's scope. */
  onMove?: ((account: ChannelAccount) => void) | undefined;
  /** Set with the pause permission: pauses publishing on the account, with a reason. */
  onPause?: ((account: ChannelAccount) => void) | undefined;
}

/** One row per account with its health: status, token expiry, last success, failures, scopes, quota. */
export function AccountTable({
  items,
  loading,
  emptyText,
  onReconnect,
  onRelease,
  onMove,
  onPause,
}: AccountTableProps) {
  const { t, i18n } = useTranslation();
  const formatTime = useFormatTime();
  const lang = currentLanguage(i18n.language);
  const withActions =
    onReconnect !== undefined || onRelease !== undefined || onMove !== undefined || onPause !== undefined;
  const withQuota = items.some((item) => item.quotaLeft !== null);

  return (
    <ScrollTable<ChannelAccount>
      label={t('route.channelAccounts')}
      rowKey="id"
      loading={loading}
      dataSource={items as ChannelAccount[]}
      locale={{ emptyText }}
      pagination={false}
      columns={[
        {
          key: 'account',
          title: t('channels.account'),
          render: (_, row) => (
            <AccountIdentity
              name={row.name}
              handle={row.handle}
              avatarUrl={row.avatarUrl}
              profileUrl={row.profileUrl}
              className={styles.account}
            />
          ),
        },
        { key: 'platform', title: t('channels.platform'), render: (_, row) => platformName(row.platform) },
        { key: 'department', title: t('channels.department'), render: (_, row) => row.department.name },
        {
          key: 'status',
          title: t('channels.status'),
          render: (_, row) => (
            <Flex vertical gap={4} align="start">
              <AccountStatusTag status={row.status} />
              {row.missingScopes.length > 0 && (
                <Typography.Text type="warning" className={styles.note}>
                  <WarningOutlined aria-hidden />{' '}
                  {t('channels.missingScopes', { scopes: row.missingScopes.join(', ') })}
                </Typography.Text>
              )}
            </Flex>
          ),
        },
        {
          key: 'tokenExpiresAt',
          title: t('channels.tokenExpiry'),
          className: NO_WRAP_COLUMN,
          render: (_, row) =>
            row.status === 'released'
              ? null
              : row.tokenExpiresAt
                ? countdown(row.tokenExpiresAt, lang)
                : t('channels.noExpiry'),
        },
        {
          key: 'lastSuccessAt',
          title: t('channels.lastSuccess'),
          className: NO_WRAP_COLUMN,
          render: (_, row) => (row.lastSuccessAt ? formatTime(row.lastSuccessAt) : t('channels.never')),
        },
        {
          key: 'failures7d',
          title: t('channels.failures7d'),
          align: 'end',
          render: (_, row) =>
            row.failures7d > 0 ? (
              <Typography.Text type="danger" title={row.lastFailure?.message ?? undefined}>
                {row.failures7d.toLocaleString(lang)}
              </Typography.Text>
            ) : (
              '0'
            ),
        },
        // Most platforms report no quota: an empty column would only take room from the names.
        ...(withQuota
          ? [
              {
                key: 'quotaLeft',
                title: t('channels.quotaLeft'),
                align: 'end' as const,
                render: (_: unknown, row: ChannelAccount) =>
                  row.quotaLeft === null ? null : row.quotaLeft.toLocaleString(lang),
              },
            ]
          : []),
        ...(withActions
          ? [
              {
                key: 'actions',
                title: t('channels.actions'),
                className: STICKY_END_COLUMN,
                render: (_: unknown, row: ChannelAccount) => (
                  <RowActions
                    account={row}
                    onReconnect={onReconnect}
                    onRelease={onRelease}
                    onMove={onMove}
                    onPause={onPause}
                  />
                ),
              },
            ]
          : []),
      ]}
    />
  );
}

function RowActions({
  account,
  onReconnect,
  onRelease,
  onMove,
  onPause,
}: Pick<AccountTableProps, 'onReconnect' | 'onRelease' | 'onMove' | 'onPause'> & {
  account: ChannelAccount;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const page = releasePageUrl(account);
  const releasable = onRelease !== undefined && account.status !== 'released';
  return (
    <Space size={0} wrap>
      {onReconnect && (
        <Button type="link" size="small" onClick={() => onReconnect(account)}>
          {t('channels.reconnect')}
        </Button>
      )}
      {onMove && (
        <Button type="link" size="small" onClick={() => onMove(account)}>
          {t('channels.move.action')}
        </Button>
      )}
      {onPause && account.status !== 'released' && (
        <Button type="link" size="small" onClick={() => onPause(account)}>
          {t('channels.pause.action')}
        </Button>
      )}
      {releasable &&
        (page ? (
          // A link to the platform's release page, opened inside the console.
          <Button
            type="link"
            size="small"
            danger
            href={page}
            onClick={(event) => {
              event.preventDefault();
              void navigate(page);
            }}
          >
            {t('channels.release')}
          </Button>
        ) : (
          <Button type="link" size="small" danger onClick={() => onRelease(account)}>
            {t('channels.release')}
          </Button>
        ))}
    </Space>
  );
}
