import type { ChannelAccount } from '@postdeck/contract/channels';
import { PAUSE_REASON_MAX, type PauseScope } from '@postdeck/contract/publishing-pauses';
import { Alert, App, Button, Checkbox, Form, Input, Modal, Radio, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DepartmentTreeSelect } from '../../../components/department-tree-select';
import { usePausePublishing } from '../api/publish-pauses';

/** What the dialog pauses: one account (its row's action), or a department or everything. */
export type PauseTarget = { account: ChannelAccount } | { account?: undefined };

interface PauseDialogProps {
  /** Kept while the dialog closes. */
  target: PauseTarget | undefined;
  /** Offers 'everything' (a data scope of all; the server checks again). */
  canPauseAll: boolean;
  open: boolean;
  onClose: () => void;
  afterOpenChange: (open: boolean) => void;
}

/**
 * Pauses publishing with a reason the writers see, after an explicit confirmation: due posts
 * will wait, and what is already being sent is not stopped.
 */
export function PauseDialog({ target, canPauseAll, open, onClose, afterOpenChange }: PauseDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const pause = usePausePublishing();
  const account = target?.account;
  const [scope, setScope] = useState<Exclude<PauseScope, 'account'>>('department');
  const [department, setDepartment] = useState<number[]>([]);
  const [reason, setReason] = useState('');
  const [understood, setUnderstood] = useState(false);

  const body = account
    ? { scope: 'account' as const, targetId: account.id, reason: reason.trim() }
    : scope === 'all'
      ? { scope: 'all' as const, reason: reason.trim() }
      : department[0] === undefined
        ? undefined
        : { scope: 'department' as const, targetId: department[0], reason: reason.trim() };
  const ready = body !== undefined && body.reason !== '' && understood;

  const close = () => {
    onClose();
    pause.reset();
  };

  const submit = () => {
    if (!ready) return;
    pause.mutate(body, {
      onSuccess: (answer) => {
        void message.success(
          t('channels.pause.done', { waiting: answer.waiting, sending: answer.alreadySending }),
        );
        close();
      },
    });
  };

  return (
    <Modal
      open={open}
      title={account ? t('channels.pause.titleAccount', { name: account.name }) : t('channels.pause.title')}
      onCancel={close}
      afterOpenChange={afterOpenChange}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={close}>{t('channels.connect.cancel')}</Button>
          <Button danger type="primary" disabled={!ready} loading={pause.isPending} onClick={submit}>
            {t('channels.pause.submit')}
          </Button>
        </Space>
      }
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Form layout="vertical">
          {!account && (
            <Form.Item label={t('channels.pause.scope')}>
              <Radio.Group
                value={scope}
                onChange={(event) => setScope(event.target.value as typeof scope)}
                options={[
                  { value: 'department', label: t('channels.pause.scopes.department') },
                  ...(canPauseAll ? [{ value: 'all', label: t('channels.pause.scopes.all') }] : []),
                ]}
              />
            </Form.Item>
          )}
          {!account && scope === 'department' && (
            <Form.Item label={t('channels.pause.department')} htmlFor="pause-department" required>
              <DepartmentTreeSelect
                id="pause-department"
                single
                value={department}
                onChange={(value: number[]) => setDepartment(value)}
                placeholder={t('channels.pause.department')}
              />
            </Form.Item>
          )}
          <Form.Item
            label={t('channels.pause.reason')}
            htmlFor="pause-reason"
            extra={t('channels.pause.reasonHint')}
            required
          >
            <Input.TextArea
              id="pause-reason"
              value={reason}
              maxLength={PAUSE_REASON_MAX}
              autoSize={{ minRows: 2, maxRows: 5 }}
              onChange={(event) => setReason(event.target.value)}
            />
          </Form.Item>
          <Checkbox checked={understood} onChange={(event) => setUnderstood(event.target.checked)}>
            {t('channels.pause.confirm')}
          </Checkbox>
        </Form>
        {pause.error && <Alert type="error" showIcon title={pause.error.message} />}
      </Space>
    </Modal>
  );
}
