import type { ChannelAccount } from '@postdeck/contract/channels';
import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/i18n';
import { useFormatTime } from '../../../i18n/use-format-time';
import { parseTime } from '../../../utils/time';
import { countdown } from '../expiry-countdown';
import { platformName } from '../platform-name';
import { AccountStatusTag } from './account-status-tag';

/** The connection behind an account: where it belongs, its state, token expiry and grant. */
export function AccountDetails({ account }: { account: ChannelAccount }) {
  const { t, i18n } = useTranslation();
  const formatTime = useFormatTime();
  const lang = currentLanguage(i18n.language);
  const expiry = account.tokenExpiresAt
    ? `${countdown(account.tokenExpiresAt, lang)} (${parseTime(account.tokenExpiresAt) ?? ''})`
    : t('channels.noExpiry');
  return (
    <Descriptions
      title={t('channels.releasePage.connection')}
      column={1}
      size="small"
      items={[
        { key: 'platform', label: t('channels.platform'), children: platformName(account.platform) },
        { key: 'department', label: t('channels.department'), children: account.department.name },
        {
          key: 'status',
          label: t('channels.status'),
          children: <AccountStatusTag status={account.status} />,
        },
        ...(account.status === 'released'
          ? []
          : [{ key: 'expiry', label: t('channels.tokenExpiry'), children: expiry }]),
        {
          key: 'connectedAt',
          label: t('channels.releasePage.connectedAt'),
          children: formatTime(account.connectedAt),
        },
        ...(account.connectedBy
          ? [
              {
                key: 'connectedBy',
                label: t('channels.releasePage.connectedBy'),
                children: account.connectedBy.name,
              },
            ]
          : []),
        ...(account.sameGrant && account.sameGrant.length > 0
          ? [
              {
                key: 'sameGrant',
                label: t('channels.releasePage.sameGrant'),
                children: account.sameGrant.map((other) => other.name).join(', '),
              },
            ]
          : []),
        {
          key: 'scopes',
          label: t('channels.releasePage.scopes'),
          children: account.scopes.length > 0 ? account.scopes.join(', ') : t('channels.releasePage.none'),
        },
        ...(account.missingScopes.length > 0
          ? [
              {
                key: 'missing',
                label: t('channels.status'),
                children: t('channels.missingScopes', { scopes: account.missingScopes.join(', ') }),
              },
            ]
          : []),
      ]}
    />
  );
}
