import { PAGES } from '@postdeck/contract/pages';
import { Checkbox, Empty, Flex, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { platformName } from '../../channels/platform-name';
import type { TargetAccount } from '../target-variant';
import styles from './publishing.module.css';

export interface AccountPickerProps {
  accounts: readonly TargetAccount[];
  ticked: ReadonlySet<number>;
  onToggle: (id: number, on: boolean) => void;
  /** The server's refusals naming an account itself ('targets.n.accountId'). */
  errorsOf: (id: number) => string[];
}

interface Group {
  platform: TargetAccount['platform'];
  departments: { name: string; accounts: TargetAccount[] }[];
}

/** Platform first, then department: an author picks "our X accounts", then which desk's. */
function groupAccounts(accounts: readonly TargetAccount[]): Group[] {
  const groups: Group[] = [];
  for (const account of accounts) {
    let group = groups.find((g) => g.platform === account.platform);
    if (!group) groups.push((group = { platform: account.platform, departments: [] }));
    let department = group.departments.find((d) => d.name === account.department.name);
    if (!department) group.departments.push((department = { name: account.department.name, accounts: [] }));
    department.accounts.push(account);
  }
  const byName = (a: string, b: string) => a.localeCompare(b);
  groups.sort((a, b) => byName(platformName(a.platform), platformName(b.platform)));
  for (const group of groups) group.departments.sort((a, b) => byName(a.name, b.name));
  return groups;
}

const matches = (account: TargetAccount, search: string) => {
  const needle = search.trim().toLocaleLowerCase();
  return (
    needle === '' ||
    account.name.toLocaleLowerCase().includes(needle) ||
    (account.handle ?? '').toLocaleLowerCase().includes(needle)
  );
};

/** The accounts to publish to, grouped and searchable; those not choosable say why. */
export function AccountPicker({ accounts, ticked, onToggle, errorsOf }: AccountPickerProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');

  if (accounts.length === 0) {
    return (
      <Empty description={t('publishing.accounts.empty')}>
        <Typography.Paragraph type="secondary">{t('publishing.accounts.emptyHint')}</Typography.Paragraph>
        <Link to={PAGES.channelAccounts}>{t('publishing.accounts.toChannels')}</Link>
      </Empty>
    );
  }

  const groups = groupAccounts(accounts.filter((account) => matches(account, search)));
  return (
    <Flex vertical gap={8}>
      <Input
        type="search"
        allowClear
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        placeholder={t('publishing.accounts.search')}
        aria-label={t('publishing.accounts.search')}
      />
      <Typography.Text type="secondary" role="status">
        {t('publishing.accounts.selected', { count: ticked.size })}
      </Typography.Text>
      {groups.length === 0 && (
        <Typography.Text type="secondary">{t('publishing.accounts.noMatch', { search })}</Typography.Text>
      )}
      {groups.map((group) => (
        <fieldset key={group.platform} className={styles.group}>
          <legend className={styles.legend}>{platformName(group.platform)}</legend>
          {group.departments.map((department) => (
            <div
              key={department.name}
              role="group"
              aria-label={`${platformName(group.platform)} · ${department.name}`}
            >
              <Typography.Text type="secondary" className={styles.department}>
                {department.name}
              </Typography.Text>
              <ul className={styles.accounts}>
                {department.accounts.map((account) => (
                  <AccountRow
                    key={account.id}
                    account={account}
                    checked={ticked.has(account.id)}
                    onToggle={onToggle}
                    errors={errorsOf(account.id)}
                  />
                ))}
              </ul>
            </div>
          ))}
        </fieldset>
      ))}
    </Flex>
  );
}

interface AccountRowProps {
  account: TargetAccount;
  checked: boolean;
  onToggle: (id: number, on: boolean) => void;
  errors: string[];
}

function AccountRow({ account, checked, onToggle, errors }: AccountRowProps) {
  const { t } = useTranslation();
  const reason = account.unavailable && t(`publishing.accounts.unavailable.${account.unavailable}`);
  // Still choosable: what is published to it waits for the resume.
  const paused =
    account.paused &&
    t(`publishing.accounts.paused.${account.paused.scope}`, { reason: account.paused.reason });
  return (
    <li className={styles.account}>
      <Checkbox
        checked={checked}
        disabled={account.unavailable !== null}
        onChange={(event) => onToggle(account.id, event.target.checked)}
      >
        {account.name}
        {account.handle && <Typography.Text type="secondary"> {account.handle}</Typography.Text>}
        {/* Part of the label, so the reason is read with the account it disables. */}
        {reason && <Typography.Text type="secondary"> — {reason}</Typography.Text>}
        {paused && <Typography.Text type="warning"> — {paused}</Typography.Text>}
      </Checkbox>
      {errors.map((error) => (
        <Typography.Text key={error} type="danger" role="alert" className={styles.note}>
          {error}
        </Typography.Text>
      ))}
    </li>
  );
}
