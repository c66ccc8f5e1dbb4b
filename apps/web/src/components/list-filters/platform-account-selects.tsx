import { PLATFORM_CAPABILITIES } from '@postdeck/contract/platform-capabilities';
import { PUBLISHING_PLATFORMS, type PublishingPlatform } from '@postdeck/contract/platforms';
import { Select } from 'antd';
import type { ReactElement } from 'react';

export interface Named {
  id: number;
  name: string;
}

/** A filter from a link names what this page has not seen: it still shows, by its number. */
export const withCurrent = (options: readonly Named[], id: number | undefined): readonly Named[] =>
  id === undefined || options.some((option) => option.id === id)
    ? options
    : [...options, { id, name: `#${id}` }];

export interface PlatformAccountFilters {
  platform?: PublishingPlatform | undefined;
  accountId?: number | undefined;
}

export interface PlatformAccountSelectsProps {
  label: (key: 'platform' | 'account') => string;
  filters: PlatformAccountFilters;
  /** All the accounts to offer, with their platform: a chosen platform narrows them. */
  accounts: readonly (Named & { platform: string })[];
  onChange: (next: PlatformAccountFilters) => void;
  /** The account filter was opened: more accounts than the page's may be asked for. */
  onAccountsWanted: () => void;
}

/**
 * The platform filter (choosing one drops an account of another platform) and the account
 * filter (loaded when opened). Two elements rather than a component: antd's Space spaces each
 * of its children, and a component would be one child holding both selects.
 */
export function platformAccountSelects({
  label,
  filters,
  accounts,
  onChange,
  onAccountsWanted,
}: PlatformAccountSelectsProps): ReactElement[] {
  const shown = accounts.filter(
    (account) => filters.platform === undefined || account.platform === filters.platform,
  );
  return [
    <Select
      key="platform"
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={label('platform')}
      aria-label={label('platform')}
      value={filters.platform}
      onChange={(platform?: PublishingPlatform) => {
        // An account of another platform would leave nothing to show: it goes.
        const chosen = accounts.find((account) => account.id === filters.accountId);
        onChange({
          platform,
          ...(platform && chosen && chosen.platform !== platform ? { accountId: undefined } : {}),
        });
      }}
      // The platform as it names itself (as features/channels/platform-name does).
      options={PUBLISHING_PLATFORMS.map((platform) => ({
        value: platform,
        label: PLATFORM_CAPABILITIES[platform].displayName,
      }))}
      style={{ width: 150 }}
    />,
    <Select
      key="account"
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={label('account')}
      aria-label={label('account')}
      value={filters.accountId}
      onChange={(accountId?: number) => onChange({ accountId })}
      onOpenChange={(open) => open && onAccountsWanted()}
      options={withCurrent(shown, filters.accountId).map((account) => ({
        value: account.id,
        label: account.name,
      }))}
      style={{ width: 180 }}
    />,
  ];
}
