import { BugOutlined } from '@ant-design/icons';
import { Badge, Button, Modal, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ErrorLogEntry, useErrorLogStore } from '../../stores/error-log-store';
import styles from './error-log.module.css';

/** Checklist EL-2: a red bug button, shown only when there are logs, opening the log dialog. */
export function ErrorLog() {
  const { t } = useTranslation();
  const entries = useErrorLogStore((state) => state.entries);
  const clear = useErrorLogStore((state) => state.clear);
  const [open, setOpen] = useState(false);
  if (entries.length === 0) return null;

  const columns = [
    {
      key: 'message',
      title: t('shell.message'),
      render: (_: unknown, entry: ErrorLogEntry) => (
        <div className={styles.message}>
          <div>
            <span className={styles.label}>{t('shell.msg')}</span>
            <span className={styles.error}>{entry.message}</span>
          </div>
          <div>
            <span className={styles.label}>{t('shell.info')}</span>
            {entry.info}
          </div>
          <div>
            <span className={styles.label}>{t('shell.url')}</span>
            {entry.url}
          </div>
        </div>
      ),
    },
    {
      key: 'stack',
      title: t('shell.stack'),
      render: (_: unknown, entry: ErrorLogEntry) => <pre className={styles.stack}>{entry.stack}</pre>,
    },
  ];

  return (
    <>
      <Badge dot>
        <Button
          danger
          size="small"
          icon={<BugOutlined />}
          aria-label={t('shell.errorLogButton')}
          data-testid="error-log-button"
          onClick={() => setOpen(true)}
        />
      </Badge>
      <Modal
        open={open}
        width="80%"
        footer={null}
        onCancel={() => setOpen(false)}
        title={
          <span className={styles.title}>
            {t('shell.errorLog')}
            <Button
              size="small"
              type="primary"
              icon={<BugOutlined />}
              onClick={() => {
                clear();
                setOpen(false);
              }}
            >
              {t('shell.clearAll')}
            </Button>
          </span>
        }
      >
        <Table rowKey="id" size="small" pagination={false} dataSource={entries} columns={columns} bordered />
      </Modal>
    </>
  );
}
