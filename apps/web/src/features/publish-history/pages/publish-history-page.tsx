import { PAGES } from '@postdeck/contract/pages';
import { PERMISSIONS } from '@postdeck/contract/permissions';
import { PUBLISH_HISTORY_PARAM, type PublishHistoryFilters } from '@postdeck/contract/publish-history';
import type { Publication } from '@postdeck/contract/publishing';
import { Alert, Button, Card, Empty, Result, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ListPager } from '../../../components/list-pager/list-pager';
import { LoadError } from '../../../components/load-error';
import { useUserStore } from '../../../stores/user-store';
import { useDialogTarget } from '../../../utils/use-dialog-target';
import { changeListFilters } from '../../../utils/url-filters';
import { platformName } from '../../channels/platform-name';
import { PUBLISHING_KEY } from '../../publishing/api/publish-queries';
import { useAccountChoices } from '../api/account-choices';
import type { ActionTarget, HistoryAction } from '../api/history-actions';
import { useHistoryList, useLiveRows } from '../api/publish-history';
import { useActionRunner } from '../components/action-runner';
import { BulkBar } from '../components/bulk-bar';
import { DetailDrawer } from '../components/detail-drawer';
import { ExportMenu } from '../components/export-menu';
import { type FilterChoices, HistoryFilters } from '../components/history-filters';
import { HistoryTable, type Selection } from '../components/history-table';
import {
  type HistoryTab,
  allowedTabs,
  readHistoryState,
  tabOf,
  toExportQuery,
  toHistoryQuery,
  writeHistoryState,
} from '../list-query';

const NO_SELECTION: Selection = { parents: [], children: new Map() };

const targetOf = (publication: Publication): ActionTarget => ({
  id: publication.id,
  label: `${publication.account.name} (${platformName(publication.account.platform)})`,
});

/**
 * /api/content/publish/pubHistory (spec §2, issue 21): the publish actions of the chosen tab,
 * newest first, each opening into its accounts with what can be done about each. The tab,
 * filters and page live in the address; a notification's link (oppId, queryType=1) opens on its
 * publication, the account marked and its detail open.
 */
export function PublishHistoryPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const state = readHistoryState(params);
  const { filters } = state;
  const permissions = useUserStore((store) => store.info?.permissions);
  const me = useUserStore((store) => store.info);
  const tabs = allowedTabs(permissions);
  const tab = tabOf(state, tabs);
  const canAct = permissions?.includes(PERMISSIONS.publishCreate) ?? false;
  const query = toHistoryQuery(filters);
  const list = useHistoryList(tab, query);
  const items = useLiveRows(list.data?.items ?? [], list.dataUpdatedAt);
  const detail = useDialogTarget<number>();

  // The rows picked, for the list they were picked in: another page or filter starts afresh.
  const listKey = `${tab ?? ''}?${new URLSearchParams(query as Record<string, string>).toString()}`;
  const [picked, setPicked] = useState({ listKey, selection: NO_SELECTION });
  const selection = picked.listKey === listKey ? picked.selection : NO_SELECTION;
  const setSelection = (next: Selection) => setPicked({ listKey, selection: next });

  // The publication a notification named: its row opens, its account is marked.
  const oppId = filters.oppId;
  const named =
    oppId === undefined ? undefined : items.find((item) => item.children.some((c) => c.id === oppId));
  const [expandedByUser, setExpanded] = useState<readonly number[]>();
  const expanded = expandedByUser ?? (named ? [named.id] : []);

  // queryType=1: its detail opens once the row is there (a parent's id has no detail of its own).
  const [opened, setOpened] = useState<number>();
  if (state.openDetail && named && oppId !== undefined && opened !== oppId) {
    setOpened(oppId);
    detail.show(oppId);
  }

  const write = (next: Partial<PublishHistoryFilters>, nextTab = state.tab) =>
    writeHistoryState({ filters: changeListFilters(filters, next), tab: nextTab });
  const change = (next: Partial<PublishHistoryFilters>) => setParams(write(next));
  const closeDetail = () => {
    detail.hide();
    // Closed: the address no longer asks for it, so going back or reloading does not reopen it.
    if (state.openDetail) setParams(writeHistoryState({ filters, tab: state.tab }), { replace: true });
  };

  const nameOf = (id: number): string => {
    for (const item of items) {
      if (item.id === id) return item.title;
      const child = item.children.find((c) => c.id === id);
      if (child) return targetOf(child).label;
    }
    return `#${id}`;
  };
  const runner = useActionRunner(nameOf);

  // A publish action picked acts on all its accounts: its accounts picked as well go with it.
  const bulkTargets: ActionTarget[] = items.flatMap((item) =>
    selection.parents.includes(item.id)
      ? [{ id: item.id, label: item.title }]
      : item.children.filter((c) => selection.children.get(item.id)?.includes(c.id)).map(targetOf),
  );
  const runBulk = (action: HistoryAction) =>
    runner.run(action, bulkTargets, () => setSelection(NO_SELECTION));

  const [accountsWanted, setAccountsWanted] = useState(filters.accountId !== undefined);
  const accountChoices = useAccountChoices(accountsWanted);
  const choices: FilterChoices = {
    statuses: list.data?.param.statusList ?? PUBLISH_HISTORY_PARAM.statusList,
    mediaTypes: list.data?.param.mediaType ?? PUBLISH_HISTORY_PARAM.mediaType,
    accounts: uniqueBy([
      ...items.flatMap((item) =>
        item.children.map((c) => ({ id: c.account.id, name: c.account.name, platform: c.account.platform })),
      ),
      ...(accountChoices.data ?? []),
    ]),
    authors: uniqueBy([...(me ? [{ id: me.id, name: me.name }] : []), ...items.map((item) => item.author)]),
  };

  const filtered = Object.keys(query).some((key) => !['page', 'pageSize', 'after', 'before'].includes(key));
  const empty = filtered ? (
    <Empty description={t('publishHistory.emptyFiltered')}>
      <Button onClick={() => setParams(writeHistoryState({ filters: {}, tab: state.tab }))}>
        {t('publishHistory.clearFilters')}
      </Button>
    </Empty>
  ) : (
    <Empty description={t('publishHistory.empty')}>
      {permissions?.includes(PERMISSIONS.contentCreate) && (
        <Link to={PAGES.addContent}>{t('publishHistory.emptyAction')}</Link>
      )}
    </Empty>
  );

  if (!tab) {
    return (
      <Card title={t('route.publishList')}>
        <Result status="403" title={t('publishHistory.noAccess')} />
      </Card>
    );
  }

  return (
    <Card
      title={t('route.publishList')}
      extra={<ExportMenu queryFor={(format) => toExportQuery(filters, tab, format)} />}
    >
      {tabs.length > 1 && (
        <Tabs
          activeKey={tab}
          onChange={(key) => setParams(write({}, key as HistoryTab))}
          items={tabs.map((key) => ({ key, label: t(`publishHistory.tabs.${key}`) }))}
        />
      )}
      <HistoryFilters
        filters={filters}
        onChange={change}
        choices={choices}
        departments={tab !== 'mine'}
        onAccountsWanted={() => setAccountsWanted(true)}
      />
      {list.isError && !list.data ? (
        <LoadError title={t('publishHistory.loadFailed')} onRetry={() => list.refetch()} />
      ) : (
        <>
          {list.isError && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 12 }}
              title={t('publishHistory.refreshFailed')}
              action={<Button onClick={() => void list.refetch()}>{t('app.retry')}</Button>}
            />
          )}
          {canAct && (
            <BulkBar targets={bulkTargets} onRun={runBulk} onClear={() => setSelection(NO_SELECTION)} />
          )}
          <HistoryTable
            label={t('route.publishList')}
            items={items}
            loading={list.isFetching}
            empty={list.isPending ? <span /> : empty}
            canAct={canAct}
            run={runner.run}
            onDetail={(id) => detail.show(id)}
            targetOf={targetOf}
            expanded={expanded}
            onExpand={setExpanded}
            highlighted={oppId}
            selection={selection}
            onSelect={setSelection}
          />
          <ListPager
            answer={list.data}
            paging={filters}
            onChange={change}
            totalText={(count) => t('publishHistory.total', { count })}
          />
        </>
      )}
      <DetailDrawer
        id={detail.target}
        open={detail.open}
        onClose={closeDetail}
        afterOpenChange={detail.afterOpenChange}
        canAct={canAct}
        onSettled={() => void queryClient.invalidateQueries({ queryKey: PUBLISHING_KEY })}
      />
      {runner.report}
    </Card>
  );
}

/** The first of each id, in order. */
function uniqueBy<T extends { id: number }>(values: readonly T[]): T[] {
  const seen = new Map<number, T>();
  for (const value of values) if (!seen.has(value.id)) seen.set(value.id, value);
  return [...seen.values()];
}
