import { PAGES } from '@postdeck/contract/pages';
import type { ScheduleItem } from '@postdeck/contract/publish-schedule';
import type { Publication } from '@postdeck/contract/publishing';
import {
  Alert,
  App,
  Button,
  DatePicker,
  Descriptions,
  Divider,
  Drawer,
  Flex,
  Form,
  Input,
  Spin,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../../api/api-error';
import { LoadError } from '../../../components/load-error';
import { usePublicationDetail } from '../../publish-history/api/publication-detail';
import { placeFieldErrors } from '../../../utils/field-errors';
import { useCancelPublication, useUpdatePublication } from '../api/schedule-queries';
import { formatWhen } from '../format-when';
import { browserTimeZone } from '../schedule-query';
import { PlatformIcon } from '../../../components/platform-icon';
import { platformName } from '../platform-name';
import { StatusBadge } from './status-badge';
import { lookOf } from './status-look';

export interface PublicationDrawerProps {
  /** What the calendar drew of it; the drawer asks for the rest (text, people) when it opens. */
  publication: ScheduleItem | undefined;
  open: boolean;
  /** Mounts the form afresh for each opening. */
  round: number;
  /** Whether the user may edit and cancel (publish:create). */
  canEdit: boolean;
  now: () => number;
  onClose: () => void;
  afterOpenChange: (open: boolean) => void;
}

/** A scheduled publication's detail, with its actions: a new time or text, cancel, the publish list. */
export function PublicationDrawer({
  publication,
  open,
  round,
  canEdit,
  now,
  onClose,
  afterOpenChange,
}: PublicationDrawerProps) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      afterOpenChange={afterOpenChange}
      size={520}
      title={publication?.title ?? t('schedule.drawer.title')}
    >
      {publication && (
        <LoadedDetail key={round} id={publication.id} canEdit={canEdit} now={now} onDone={onClose} />
      )}
    </Drawer>
  );
}

/** The publication's detail once it has come; its form starts from what the server holds now. */
function LoadedDetail({ id, ...props }: Omit<DetailProps, 'publication'> & { id: number }) {
  const { t } = useTranslation();
  const detail = usePublicationDetail(id);
  if (detail.error)
    return <LoadError title={t('schedule.drawer.loadFailed')} onRetry={() => detail.refetch()} />;
  if (!detail.data) return <Spin />;
  return <PublicationDetail publication={detail.data} {...props} />;
}

interface DetailProps {
  publication: Publication;
  canEdit: boolean;
  now: () => number;
  onDone: () => void;
}

type Values = { at: Dayjs | null; text: string };
const FIELDS = ['at', 'text'] as const;

function PublicationDetail({ publication, canEdit, now, onDone }: DetailProps) {
  const { t, i18n } = useTranslation();
  const { modal, message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [problem, setProblem] = useState<string | null>(null);
  const update = useUpdatePublication();
  const cancel = useCancelPublication();
  const look = lookOf(publication);
  const zone = browserTimeZone();

  const save = async (values: Values) => {
    setProblem(null);
    const at = values.at?.toDate();
    const movedTo =
      at && at.getTime() !== (publication.scheduledAt ? Date.parse(publication.scheduledAt) : NaN)
        ? at.toISOString()
        : undefined;
    const text = values.text !== publication.text ? values.text : undefined;
    if (movedTo === undefined && text === undefined) return onDone();
    try {
      await update.mutateAsync({
        id: publication.id,
        ...(movedTo ? { scheduledAt: movedTo } : {}),
        ...(text !== undefined ? { text } : {}),
      });
      void message.success(t('schedule.drawer.saved'));
      onDone();
    } catch (error) {
      if (!isApiError(error)) throw error;
      const placed = placeFieldErrors(
        error.fieldErrors.map((e) => ({ ...e, field: e.field === 'scheduledAt' ? 'at' : e.field })),
        FIELDS,
      );
      form.setFields(placed.fields);
      if (placed.fields.length === 0 || placed.others.length > 0)
        setProblem([error.message, ...placed.others.filter((other) => other !== error.message)].join(' '));
    }
  };

  const askCancel = () =>
    modal.confirm({
      title: t('schedule.drawer.cancelTitle', {
        title: publication.title,
        account: publication.account.name,
      }),
      content: t('schedule.drawer.cancelContent'),
      okText: t('schedule.drawer.cancelOk'),
      okButtonProps: { danger: true },
      cancelText: t('schedule.drawer.cancelKeep'),
      onOk: async () => {
        try {
          const result = await cancel.mutateAsync(publication.id);
          if (result.cancelled.includes(publication.id)) {
            void message.success(t('schedule.drawer.cancelled'));
            onDone();
          } else setProblem(t('schedule.drawer.alreadySending'));
        } catch (error) {
          setProblem(isApiError(error) ? error.message : String(error));
        }
      },
    });

  return (
    <Flex vertical gap={16}>
      {look === 'paused' && (
        <Alert
          type="warning"
          showIcon
          title={t('schedule.drawer.pausedBecause', { reason: publication.error?.message ?? '' })}
        />
      )}
      {look === 'held' && <Alert type="warning" showIcon title={t('schedule.drawer.held')} />}
      <Descriptions
        column={1}
        size="small"
        items={[
          {
            key: 'when',
            label: t('schedule.drawer.when'),
            children: publication.scheduledAt ? (
              <time dateTime={publication.scheduledAt}>
                {formatWhen(publication.scheduledAt, i18n.language)}
              </time>
            ) : (
              '—'
            ),
          },
          { key: 'status', label: t('schedule.drawer.status'), children: <StatusBadge look={look} /> },
          {
            key: 'account',
            label: t('schedule.drawer.account'),
            children: (
              <Flex gap={6} align="center" wrap>
                <PlatformIcon platform={publication.account.platform} decorative />
                <span>
                  {publication.account.name} · {platformName(publication.account.platform)}
                </span>
              </Flex>
            ),
          },
          {
            key: 'department',
            label: t('schedule.drawer.department'),
            children: publication.department.name,
          },
          { key: 'author', label: t('schedule.drawer.author'), children: publication.author.name },
        ]}
      />
      {!canEdit && (
        <div>
          <Typography.Text strong>{t('schedule.drawer.text')}</Typography.Text>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{publication.text}</Typography.Paragraph>
        </div>
      )}
      {problem && (
        <Alert type="error" showIcon title={problem} closable={{ onClose: () => setProblem(null) }} />
      )}
      {canEdit && (
        <>
          <Divider titlePlacement="start" style={{ margin: 0 }}>
            {t('schedule.drawer.edit')}
          </Divider>
          <Form<Values>
            form={form}
            layout="vertical"
            initialValues={{
              at: publication.scheduledAt ? dayjs(publication.scheduledAt) : null,
              text: publication.text,
            }}
            onFinish={(values) => void save(values)}
          >
            <Form.Item
              name="at"
              label={t('schedule.drawer.when')}
              extra={t('schedule.drawer.timeHelp', { zone })}
              rules={[{ required: true, message: t('schedule.drawer.timeRequired') }]}
            >
              <DatePicker
                showTime={{ format: 'HH:mm' }}
                format="YYYY-MM-DD HH:mm"
                needConfirm={false}
                disabledDate={(day: Dayjs) => day.endOf('day').valueOf() < now()}
                style={{ width: '100%' }}
              />
            </Form.Item>
            <Form.Item name="text" label={t('schedule.drawer.text')}>
              <Input.TextArea autoSize={{ minRows: 4, maxRows: 14 }} />
            </Form.Item>
            <Flex gap={8} wrap justify="space-between">
              <Button type="primary" htmlType="submit" loading={update.isPending}>
                {t('schedule.drawer.save')}
              </Button>
              <Button danger onClick={askCancel} loading={cancel.isPending}>
                {t('schedule.drawer.cancelPublication')}
              </Button>
            </Flex>
          </Form>
        </>
      )}
      <Link to={`${PAGES.publishList}?oppId=${publication.id}&queryType=1`}>
        {t('schedule.drawer.openInList')}
      </Link>
    </Flex>
  );
}
