import type { ChannelAccount } from '@postdeck/contract/channels';
import { Alert, App, Button, Form, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DepartmentTreeSelect } from '../../../components/department-tree-select';
import { useMoveAccount } from '../api/channel-move';

interface MoveDialogProps {
  /** The account to move; kept while the dialog closes. */
  account: ChannelAccount | undefined;
  open: boolean;
  onClose: () => void;
  afterOpenChange: (open: boolean) => void;
}

/**
 * Moves an account to another department of the caller's scope: an explicit, confirmed action,
 * never a side effect of connecting it again (the server checks the scope holds both).
 */
export function MoveDialog({ account, open, onClose, afterOpenChange }: MoveDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const move = useMoveAccount();
  const [department, setDepartment] = useState<number[]>([]);
  const to = department[0];

  const close = () => {
    onClose();
    setDepartment([]);
    move.reset();
  };

  const submit = () => {
    if (!account || to === undefined) return;
    move.mutate(
      { id: account.id, departmentId: to },
      {
        onSuccess: ({ account: moved }) => {
          void message.success(
            t('channels.move.done', { name: moved.name, department: moved.department.name }),
          );
          close();
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      title={account ? t('channels.move.title', { name: account.name }) : undefined}
      onCancel={close}
      afterOpenChange={afterOpenChange}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={close}>{t('channels.connect.cancel')}</Button>
          <Button type="primary" disabled={to === undefined} loading={move.isPending} onClick={submit}>
            {t('channels.move.submit')}
          </Button>
        </Space>
      }
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        {account && (
          <Typography.Paragraph>
            {t('channels.move.intro', { department: account.department.name })}
          </Typography.Paragraph>
        )}
        <Form layout="vertical">
          <Form.Item label={t('channels.move.to')} htmlFor="move-department" required>
            <DepartmentTreeSelect
              id="move-department"
              single
              value={department}
              onChange={(value: number[]) => setDepartment(value)}
              placeholder={t('channels.move.to')}
            />
          </Form.Item>
        </Form>
        {move.error && <Alert type="error" showIcon title={move.error.message} />}
      </Space>
    </Modal>
  );
}
