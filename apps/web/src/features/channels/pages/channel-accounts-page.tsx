import { LinkOutlined, PauseCircleOutlined } from '@ant-design/icons';
import type { ChannelAccount } from '@postdeck/contract/channels';
import { channelPlatformSchema } from '@postdeck/contract/platforms';
import { App, Button, Card, Empty, Space, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListPager } from '../../../components/list-pager/list-pager';
import { LoadError } from '../../../components/load-error';
import { changeListFilters } from '../../../utils/url-filters';
import { useDialogTarget } from '../../../utils/use-dialog-target';
import { useChannelAccounts, useChannelPlatforms } from '../api/channel-queries';
import { usePublishPauses } from '../api/publish-pauses';
import { AccountFilters } from '../components/account-filters';
import { AccountTable } from '../components/account-table';
import { type ConnectPreset, ConnectDialog } from '../components/connect-dialog';
import { MoveDialog } from '../components/move-dialog';
import { PauseDialog, type PauseTarget } from '../components/pause-dialog';
import { PausePanel } from '../components/pause-panel';
import { ReleaseDialog } from '../components/release-dialog';
import { SandboxNotice } from '../components/sandbox-notice';
import {
  type ChannelFilters,
  readChannelFilters,
  refusedChannelFilters,
  toChannelQuery,
  writeChannelFilters,
} from '../list-query';
import { useChannelPermissions } from '../use-channel-permissions';

const FILTER_KEYS = ['platform', 'departmentId', 'status'] as const;

/**
 * The channel accounts of the user's departments with their health. Filters and paging live in
 * the address; `?connect` (optionally a platform) opens the connect dialog, as /authOpen's
 * "Connect again" does.
 */
export function ChannelAccountsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const filters = readChannelFilters(params);
  const list = useChannelAccounts(toChannelQuery(filters));
  const platforms = useChannelPlatforms();
  const { canConnect, canRelease, canPause } = useChannelPermissions();
  const pauses = usePublishPauses(canPause);
  const connecting = useDialogTarget<ConnectPreset>();
  const releasing = useDialogTarget<ChannelAccount>();
  const moving = useDialogTarget<ChannelAccount>();
  const pausing = useDialogTarget<PauseTarget>();

  const connectParam = params.get('connect');
  useEffect(() => {
    if (connectParam === null) return;
    if (canConnect) connecting.show({ platform: channelPlatformSchema.safeParse(connectParam).data });
    setParams(writeChannelFilters(filters), { replace: true });
    // Once per address that asks for it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [connectParam]);

  // A value the list cannot filter on (?platform=myspace) leaves the address, and the user is
  // told: the address then says what the list shows, and a mistyped link is not taken for a filter.
  const refused = refusedChannelFilters(params);
  const refusedText = refused.map((key) => `${key}=${params.get(key) ?? ''}`).join(', ');
  useEffect(() => {
    if (refused.length === 0) return;
    void message.warning(t('channels.filtersDropped', { filters: refusedText }));
    // With ?connect, the effect above writes the address from the filters read, without these.
    if (connectParam !== null) return;
    const kept = new URLSearchParams(params);
    for (const key of refused) kept.delete(key);
    setParams(kept, { replace: true });
    // Once per refused address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refusedText]);

  const change = (next: Partial<ChannelFilters>) =>
    setParams(writeChannelFilters(changeListFilters(filters, next)));
  const connect = () => connecting.show({});
  const filtered = FILTER_KEYS.some((key) => filters[key] !== undefined);
  const emptyText = filtered ? (
    <Empty description={t('channels.noMatch')} />
  ) : (
    <Empty
      description={
        <>
          <Typography.Paragraph strong>{t('channels.empty')}</Typography.Paragraph>
          <Typography.Paragraph type="secondary">{t('channels.emptyHint')}</Typography.Paragraph>
        </>
      }
    >
      {canConnect && (
        <Button type="primary" icon={<LinkOutlined />} onClick={connect}>
          {t('channels.connect.first')}
        </Button>
      )}
    </Empty>
  );

  return (
    <Card
      title={t('route.channelAccounts')}
      extra={
        <Space>
          {canPause && (
            <Button icon={<PauseCircleOutlined />} onClick={() => pausing.show({})}>
              {t('channels.pause.open')}
            </Button>
          )}
          {canConnect && (
            <Button type="primary" icon={<LinkOutlined />} onClick={connect}>
              {t('channels.connect.open')}
            </Button>
          )}
        </Space>
      }
    >
      {platforms.data?.sandbox && <SandboxNotice />}
      {pauses.data && <PausePanel pauses={pauses.data.items} />}
      <AccountFilters filters={filters} onChange={change} />
      {list.isError ? (
        <LoadError title={t('channels.loadFailed')} onRetry={() => list.refetch()} />
      ) : (
        <>
          <AccountTable
            items={list.data?.items ?? []}
            loading={list.isFetching}
            emptyText={emptyText}
            onReconnect={
              canConnect
                ? (account) =>
                    connecting.show({ platform: account.platform, departmentId: account.department.id })
                : undefined
            }
            onRelease={canRelease ? releasing.show : undefined}
            onMove={canConnect ? moving.show : undefined}
            onPause={canPause ? (account) => pausing.show({ account }) : undefined}
          />
          <ListPager
            answer={list.data}
            paging={filters}
            onChange={change}
            totalText={(count) => t('channels.total', { count })}
          />
        </>
      )}
      <ConnectDialog
        key={connecting.round}
        open={connecting.open}
        preset={connecting.target}
        onClose={connecting.hide}
        afterOpenChange={connecting.afterOpenChange}
      />
      <MoveDialog
        key={`move-${moving.round}`}
        account={moving.target}
        open={moving.open}
        onClose={moving.hide}
        afterOpenChange={moving.afterOpenChange}
      />
      <PauseDialog
        key={`pause-${pausing.round}`}
        target={pausing.target}
        canPauseAll={pauses.data?.canPauseAll ?? false}
        open={pausing.open}
        onClose={pausing.hide}
        afterOpenChange={pausing.afterOpenChange}
      />
      <ReleaseDialog
        key={`release-${releasing.round}`}
        account={releasing.target}
        open={releasing.open}
        onClose={releasing.hide}
        afterOpenChange={releasing.afterOpenChange}
      />
    </Card>
  );
}
