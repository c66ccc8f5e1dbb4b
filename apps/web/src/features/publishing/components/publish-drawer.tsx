import type { Publication, PublishTargets } from '@postdeck/contract/publishing';
import { Alert, App, Button, Checkbox, Collapse, Drawer, Flex, Skeleton, Space, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/api-error';
import { LoadError } from '../../../components/load-error';
import { platformName } from '../../channels/platform-name';
import { usePublish, usePublishTargets } from '../api/publish-queries';
import { fieldLabel, problemMessage } from '../problem-text';
import { NO_PUBLISH_ERRORS, type PlacedPublishErrors, placePublishErrors } from '../publish-errors';
import {
  EMPTY_VARIANT,
  type PublishSource,
  type TargetAccount,
  type Variant,
  problemsOf,
  publishBody,
  textCount,
} from '../target-variant';
import { AccountPicker } from './account-picker';
import { PublishSummary } from './publish-summary';
import styles from './publishing.module.css';
import { SCHEDULE_FORMAT, ScheduleField, type When, timeZoneName } from './schedule-field';
import { VariantEditor } from './variant-editor';

export interface PublishDrawerProps {
  open: boolean;
  /** The saved content; publishing sends its id, and the server its saved copy. */
  source: PublishSource | null;
  /** The time it is (ms): a scheduled time must be after it. */
  now: () => number;
  onClose: () => void;
}

/** The composer's publish panel: the accounts, each one's post, and when. */
export function PublishDrawer({ open, source, now, onClose }: PublishDrawerProps) {
  const { t } = useTranslation();
  const targets = usePublishTargets(open && source !== null);
  let body = <Skeleton active />;
  if (targets.isError)
    body = <LoadError title={t('publishing.loadFailed')} onRetry={() => targets.refetch()} />;
  else if (targets.data && source)
    body = <PublishForm targets={targets.data} source={source} now={now} onClose={onClose} />;
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={720}
      destroyOnHidden
      title={source ? t('publishing.title', { title: source.title }) : t('publishing.open')}
    >
      {body}
    </Drawer>
  );
}

interface PublishFormProps {
  targets: PublishTargets;
  source: PublishSource;
  now: () => number;
  onClose: () => void;
}

function PublishForm({ targets, source, now, onClose }: PublishFormProps) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const publish = usePublish();
  const accountsId = useId();
  const postsId = useId();
  const whenId = useId();
  const utmHintId = useId();
  const [ticked, setTicked] = useState<ReadonlySet<number>>(() => {
    const choosable = new Set(targets.accounts.filter((a) => a.unavailable === null).map((a) => a.id));
    return new Set(targets.lastChoice.filter((id) => choosable.has(id)));
  });
  const [variants, setVariants] = useState<Readonly<Record<number, Variant>>>({});
  // As the last publish left it (the server remembers it with the publication).
  const [utm, setUtm] = useState(targets.lastUtm);
  const [when, setWhen] = useState<When>('now');
  const [at, setAt] = useState<Dayjs | null>(null);
  const [expanded, setExpanded] = useState<string[]>([]);
  const [placed, setPlaced] = useState<PlacedPublishErrors>(NO_PUBLISH_ERRORS);
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<Publication[] | null>(null);

  const variantOf = (id: number) => variants[id] ?? EMPTY_VARIANT;
  const chosen = targets.accounts.filter((account) => ticked.has(account.id));
  const checked = chosen.map((account) => ({
    account,
    variant: variantOf(account.id),
    problems: problemsOf(account, variantOf(account.id), source, utm),
  }));
  const blocking = checked.flatMap(({ account, problems }) =>
    problems.filter((problem) => problem.blocking).map((problem) => ({ account, problem })),
  );
  const paused = chosen.filter((account) => account.paused);
  const inPast = when === 'later' && at !== null && at.valueOf() <= now();
  const scheduleErrors = [...(inPast ? [t('publishing.schedule.past')] : []), ...placed.scheduledAt];
  const timeReady = when === 'now' || (at !== null && !inPast);
  const canPublish = chosen.length > 0 && blocking.length === 0 && timeReady && !publish.isPending;

  /** An edit answers the server's refusal of what it changes. */
  const forgetAccount = (id: number) => {
    if (!placed.byAccount.has(id)) return;
    const byAccount = new Map(placed.byAccount);
    byAccount.delete(id);
    setPlaced({ ...placed, byAccount });
  };

  const toggle = (id: number, on: boolean) => {
    const next = new Set(ticked);
    if (on) next.add(id);
    else next.delete(id);
    setTicked(next);
    forgetAccount(id);
  };

  const changeVariant = (id: number, variant: Variant) => {
    setVariants({ ...variants, [id]: variant });
    forgetAccount(id);
  };

  const changeSchedule = (nextWhen: When, nextAt: Dayjs | null) => {
    setWhen(nextWhen);
    setAt(nextAt);
    setPlaced({ ...placed, scheduledAt: [] });
  };

  const send = async () => {
    const scheduledAt = when === 'later' ? at : null;
    // The confirmation may have stayed open past the chosen time.
    if (scheduledAt && scheduledAt.valueOf() <= now()) return;
    const body = publishBody(source, checked, scheduledAt?.toDate() ?? null, utm);
    const order = body.targets.map((target) => target.accountId);
    setFailure(null);
    try {
      const answer = await publish.mutateAsync(body);
      setResult(answer.publications);
      void message.success(
        scheduledAt
          ? t('publishing.done.scheduled', { count: answer.publications.length })
          : t('publishing.done.queued', { count: answer.publications.length }),
      );
    } catch (error) {
      if (!isApiError(error)) throw error;
      if (error.handled) return;
      const next = placePublishErrors(error.fieldErrors, order);
      setPlaced(next);
      setFailure([error.message, ...next.others].join(' '));
      const refused = [...next.byAccount.keys()].map(String);
      setExpanded((open) => [...new Set([...open, ...refused])]);
    }
  };

  const confirm = () => {
    if (!canPublish) return;
    const zone = timeZoneName();
    modal.confirm({
      title:
        when === 'later' && at
          ? t('publishing.confirm.later', { time: at.format(SCHEDULE_FORMAT), zone })
          : t('publishing.confirm.now'),
      content: (
        <>
          <Typography.Paragraph>
            {t('publishing.confirm.accounts', { count: chosen.length })}
          </Typography.Paragraph>
          <ul className={styles.problems}>
            {chosen.map((account) => (
              <li key={account.id}>
                {account.name} ({platformName(account.platform)})
              </li>
            ))}
          </ul>
        </>
      ),
      okText: when === 'later' ? t('publishing.actions.schedule') : t('publishing.actions.publish'),
      cancelText: t('publishing.actions.cancel'),
      onOk: send,
    });
  };

  if (result) {
    return (
      <Flex vertical gap={16}>
        <PublishSummary publications={result} />
        <Flex justify="flex-end">
          <Button type="primary" onClick={onClose}>
            {t('publishing.actions.close')}
          </Button>
        </Flex>
      </Flex>
    );
  }

  return (
    <Flex vertical gap={24}>
      <section aria-labelledby={accountsId}>
        <Typography.Title level={5} id={accountsId}>
          {t('publishing.accounts.heading')}
        </Typography.Title>
        <AccountPicker
          accounts={targets.accounts}
          ticked={ticked}
          onToggle={toggle}
          errorsOf={(id) =>
            (placed.byAccount.get(id) ?? []).filter((e) => e.field === 'accountId').map((e) => e.message)
          }
        />
      </section>
      {targets.accounts.length > 0 && (
        <>
          <section aria-labelledby={postsId}>
            <Typography.Title level={5} id={postsId}>
              {t('publishing.posts.heading')}
            </Typography.Title>
            {chosen.length === 0 ? (
              <Typography.Text type="secondary">{t('publishing.posts.none')}</Typography.Text>
            ) : (
              <Collapse
                activeKey={expanded}
                onChange={(keys) => setExpanded(keys)}
                items={checked.map(({ account, variant, problems }) => ({
                  key: String(account.id),
                  label: (
                    <VariantLabel
                      account={account}
                      variant={variant}
                      source={source}
                      utm={utm}
                      blocking={problems.filter((p) => p.blocking).length}
                      warnings={problems.filter((p) => !p.blocking).length}
                      refused={placed.byAccount.get(account.id)?.length ?? 0}
                    />
                  ),
                  children: (
                    <VariantEditor
                      account={account}
                      variant={variant}
                      source={source}
                      problems={problems}
                      serverErrors={placed.byAccount.get(account.id)}
                      utm={utm}
                      onChange={(next) => changeVariant(account.id, next)}
                    />
                  ),
                }))}
              />
            )}
            <Flex vertical gap={4} className={styles.utm}>
              <Checkbox
                checked={utm}
                onChange={(event) => setUtm(event.target.checked)}
                aria-describedby={utmHintId}
              >
                {t('publishing.utm.label')}
              </Checkbox>
              <Typography.Text type="secondary" id={utmHintId} className={styles.note}>
                {t('publishing.utm.hint')}
              </Typography.Text>
            </Flex>
          </section>
          <section aria-labelledby={whenId}>
            <Typography.Title level={5} id={whenId}>
              {t('publishing.schedule.heading')}
            </Typography.Title>
            <ScheduleField
              when={when}
              at={at}
              onChange={changeSchedule}
              now={now()}
              errors={scheduleErrors}
            />
          </section>
        </>
      )}
      {blocking.length > 0 && (
        <Alert
          type="error"
          showIcon
          title={t('publishing.blocking.title')}
          description={
            <ul className={styles.problems}>
              {blocking.map(({ account, problem }) => (
                <li key={`${account.id}:${problem.field}:${problemMessage(t, problem)}`}>
                  {t('publishing.blocking.item', {
                    account: account.name,
                    platform: platformName(account.platform),
                    field: fieldLabel(t, problem.field),
                    message: problemMessage(t, problem),
                  })}
                </li>
              ))}
            </ul>
          }
        />
      )}
      {paused.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={t('publishing.accounts.paused.summary', { count: paused.length })}
          description={
            <ul className={styles.problems}>
              {paused.map((account) => (
                <li key={account.id}>
                  {account.name} ({platformName(account.platform)}): {account.paused?.reason}
                </li>
              ))}
            </ul>
          }
        />
      )}
      {failure && <Alert type="error" showIcon title={failure} />}
      {targets.accounts.length > 0 && (
        <Flex justify="flex-end">
          <Space>
            <Button onClick={onClose}>{t('publishing.actions.cancel')}</Button>
            <Button type="primary" disabled={!canPublish} loading={publish.isPending} onClick={confirm}>
              {when === 'later' ? t('publishing.actions.schedule') : t('publishing.actions.publish')}
            </Button>
          </Space>
        </Flex>
      )}
    </Flex>
  );
}

interface VariantLabelProps {
  account: TargetAccount;
  variant: Variant;
  source: PublishSource;
  utm: boolean;
  blocking: number;
  warnings: number;
  /** How many of the server's refusals name this account. */
  refused: number;
}

/** A ticked account's header: who, the counter, and whether anything is wrong. */
function VariantLabel({ account, variant, source, utm, blocking, warnings, refused }: VariantLabelProps) {
  const { t } = useTranslation();
  const { length, max } = textCount(account.platform, variant, source, utm);
  return (
    <Flex justify="space-between" wrap gap={8}>
      <span>
        {account.name}{' '}
        <Typography.Text type="secondary">
          {platformName(account.platform)}
          {account.handle ? ` · ${account.handle}` : ''}
        </Typography.Text>
      </span>
      <Space size={4} wrap>
        {variant.text !== null && variant.text !== source.text && (
          <Tag>{t('publishing.variant.ownText')}</Tag>
        )}
        {blocking + refused > 0 && (
          <Tag color="error">{t('publishing.posts.problems', { count: blocking + refused })}</Tag>
        )}
        {warnings > 0 && <Tag color="warning">{t('publishing.posts.warnings', { count: warnings })}</Tag>}
        <Typography.Text type={length > max ? 'danger' : 'secondary'}>
          {length} / {max}
        </Typography.Text>
      </Space>
    </Flex>
  );
}
