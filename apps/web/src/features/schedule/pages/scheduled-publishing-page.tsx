import { CalendarOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { PAGES } from '@postdeck/contract/pages';
import { PERMISSIONS } from '@postdeck/contract/permissions';
import { isPublishingPlatform } from '@postdeck/contract/platforms';
import { SCHEDULE_ITEMS_MAX } from '@postdeck/contract/publish-schedule';
import type { ScheduleItem } from '@postdeck/contract/publish-schedule';
import { Alert, App, Button, Card, Empty, Flex, Grid, Segmented, Space, Spin, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { ImportPublicationsButton } from '../../publish-import/components/import-publications-button';
import { useUserStore } from '../../../stores/user-store';
import { useDialogTarget } from '../../../utils/use-dialog-target';
import { useScheduleAccounts, useScheduleList } from '../api/schedule-queries';
import { CalendarLinkDialog } from '../components/calendar-link-dialog';
import { PublicationDrawer } from '../components/publication-drawer';
import { ScheduleCalendar } from '../components/schedule-calendar';
import { type AccountOption, ScheduleFilters } from '../components/schedule-filters';
import { ScheduleList } from '../components/schedule-list';
import { StatusBadge } from '../components/status-badge';
import { LOOKS } from '../components/status-look';
import styles from '../components/schedule.module.css';
import { formatDay } from '../format-when';
import {
  type ScheduleFilterValues,
  type SchedulePageState,
  type ScheduleView,
  SCHEDULE_VIEWS,
  browserTimeZone,
  dayString,
  listWindow,
  readSchedulePage,
  refusedSchedulePage,
  scheduleQuery,
  stepDay,
  writeSchedulePage,
} from '../schedule-query';
import { useMovePublication } from '../use-move-publication';

const FILTER_KEYS = ['platform', 'accountId', 'status', 'keyword'] as const;

export interface ScheduledPublishingPageProps {
  /** The time it is (ms); tests fix it. */
  now?: () => number;
}

/**
 * /api/content/schedulepubmaterial/list: what is still to go out, as a list or on a calendar
 * (month, week, day) in the browser's time zone. View, day and filters live in the address. A
 * publication opens in a drawer (time, text, cancel); on the calendar it can be dragged to
 * another time, confirmed first. The iCalendar subscription is one button away.
 */
export function ScheduledPublishingPage({ now = Date.now }: ScheduledPublishingPageProps) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const screens = Grid.useBreakpoint();
  const [params, setParams] = useSearchParams();
  const page = readSchedulePage(params);
  const view: ScheduleView = page.view ?? (screens.md === false ? 'list' : 'month');
  const day = page.date ?? dayString(new Date(now()));
  const filters: ScheduleFilterValues = {
    platform: page.platform,
    accountId: page.accountId,
    status: page.status,
    keyword: page.keyword,
  };
  const permissions = useUserStore((state) => state.info?.permissions);
  const canEdit = permissions?.includes(PERMISSIONS.publishCreate) ?? false;
  const canListAccounts = permissions?.includes(PERMISSIONS.channelAccounts) ?? false;
  const canCompose = permissions?.includes(PERMISSIONS.contentCreate) ?? false;

  // The calendar says which days it shows; the list shows LIST_DAYS from its day.
  const [calendarRange, setCalendarRange] = useState<{ start: Date; end: Date; title: string }>();
  const listRange = view === 'list' ? listWindow(day) : undefined;
  const range = listRange
    ? {
        ...listRange,
        title: `${formatDay(listRange.start, i18n.language)} – ${formatDay(new Date(listRange.end.getTime() - 1), i18n.language)}`,
      }
    : calendarRange;
  const query = range ? scheduleQuery(range, filters) : undefined;
  const list = useScheduleList(query);
  const accounts = useScheduleAccounts(canListAccounts);
  const items = useMemo(() => list.data?.items ?? [], [list.data]);

  const [refusal, setRefusal] = useState<string | null>(null);
  const move = useMovePublication({ now, onRefused: setRefusal });
  const opened = useDialogTarget<ScheduleItem>();
  const [linkOpen, setLinkOpen] = useState(false);

  const change = (next: Partial<SchedulePageState>) => setParams(writeSchedulePage({ ...page, ...next }));

  // A value the page cannot use (?platform=myspace) leaves the address, and the user is told.
  const refused = refusedSchedulePage(params);
  const refusedText = refused.map((key) => `${key}=${params.get(key) ?? ''}`).join(', ');
  useEffect(() => {
    if (refused.length === 0) return;
    void message.warning(t('schedule.filtersDropped', { filters: refusedText }));
    const kept = new URLSearchParams(params);
    for (const key of refused) kept.delete(key);
    setParams(kept, { replace: true });
    // Once per refused address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refusedText]);

  const accountOptions = useMemo<AccountOption[]>(() => {
    const found = new Map<number, AccountOption>();
    for (const account of accounts.data?.items ?? [])
      if (isPublishingPlatform(account.platform))
        found.set(account.id, { id: account.id, name: account.name, platform: account.platform });
    // Without the accounts list, those of the publications shown.
    for (const { account } of items) if (!found.has(account.id)) found.set(account.id, account);
    return [...found.values()].sort((a, b) => a.name.localeCompare(b.name));
  }, [accounts.data, items]);

  const filtered = FILTER_KEYS.some((key) => filters[key] !== undefined);
  const emptyText = filtered ? (
    <Empty description={t('schedule.emptyFiltered')} />
  ) : (
    <Empty
      description={
        <>
          <Typography.Paragraph strong>{t('schedule.empty')}</Typography.Paragraph>
          <Typography.Paragraph type="secondary">{t('schedule.emptyHint')}</Typography.Paragraph>
        </>
      }
    >
      {canCompose && <Link to={PAGES.addContent}>{t('schedule.toComposer')}</Link>}
    </Empty>
  );

  const zone = browserTimeZone();
  const loaded = list.data !== undefined && !list.isPlaceholderData;

  return (
    <Card
      title={t('route.scheduledPublishing')}
      extra={
        <Space wrap>
          {canEdit && <ImportPublicationsButton />}
          <Button icon={<CalendarOutlined />} onClick={() => setLinkOpen(true)}>
            {t('schedule.link.open')}
          </Button>
        </Space>
      }
    >
      <ScheduleFilters
        filters={filters}
        accounts={accountOptions}
        onChange={(next) => change({ ...filters, ...next })}
      />
      <div className={styles.toolbar}>
        <Space wrap>
          <Space.Compact>
            <Button
              aria-label={t('schedule.nav.previous')}
              icon={<LeftOutlined />}
              onClick={() => change({ date: stepDay(view, day, -1) })}
            />
            <Button onClick={() => change({ date: undefined })}>{t('schedule.nav.today')}</Button>
            <Button
              aria-label={t('schedule.nav.next')}
              icon={<RightOutlined />}
              onClick={() => change({ date: stepDay(view, day, 1) })}
            />
          </Space.Compact>
          <h2 className={styles.title} aria-live="polite">
            {range?.title}
          </h2>
        </Space>
        <Space wrap>
          <Typography.Text type="secondary">{t('schedule.zone', { zone })}</Typography.Text>
          <Segmented<ScheduleView>
            aria-label={t('schedule.views.label')}
            value={view}
            onChange={(next) => change({ view: next })}
            options={SCHEDULE_VIEWS.map((value) => ({ value, label: t(`schedule.views.${value}`) }))}
          />
        </Space>
      </div>
      <Flex
        className={styles.legend}
        aria-label={t('schedule.legend')}
        role="group"
        style={{ marginBottom: 12 }}
      >
        {LOOKS.map((look) => (
          <StatusBadge key={look} look={look} />
        ))}
      </Flex>
      {refusal && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={refusal}
          closable={{ onClose: () => setRefusal(null) }}
          style={{ marginBottom: 12 }}
        />
      )}
      {list.data?.truncated && (
        <Alert
          type="warning"
          showIcon
          title={t('schedule.truncated', { count: SCHEDULE_ITEMS_MAX })}
          style={{ marginBottom: 12 }}
        />
      )}
      {list.isError ? (
        <LoadError title={t('schedule.loadFailed')} onRetry={() => list.refetch()} />
      ) : view === 'list' ? (
        <ScheduleList items={items} loading={list.isFetching} emptyText={emptyText} onOpen={opened.show} />
      ) : (
        <Spin spinning={list.isFetching && !loaded} delay={200}>
          {loaded && items.length === 0 && (
            <Typography.Paragraph type="secondary">
              {filtered ? t('schedule.emptyFiltered') : t('schedule.empty')}
            </Typography.Paragraph>
          )}
          <ScheduleCalendar
            view={view}
            day={day}
            items={items}
            editable={canEdit}
            onRange={(next) =>
              setCalendarRange((current) =>
                current?.start.getTime() === next.start.getTime() &&
                current.end.getTime() === next.end.getTime() &&
                current.title === next.title
                  ? current
                  : next,
              )
            }
            onOpen={opened.show}
            onMove={(request) => {
              setRefusal(null);
              move(request);
            }}
          />
        </Spin>
      )}
      <PublicationDrawer
        publication={opened.target}
        open={opened.open}
        round={opened.round}
        canEdit={canEdit}
        now={now}
        onClose={opened.hide}
        afterOpenChange={opened.afterOpenChange}
      />
      <CalendarLinkDialog open={linkOpen} onClose={() => setLinkOpen(false)} />
    </Card>
  );
}
