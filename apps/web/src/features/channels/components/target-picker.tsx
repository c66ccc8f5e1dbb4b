import type { ConnectTargets } from '@postdeck/contract/channels';
import { Alert, Button, Checkbox, Flex, List, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseTime } from '../../../utils/time';
import { platformName } from '../platform-name';
import { AccountIdentity } from './account-identity';

interface TargetPickerProps {
  answer: ConnectTargets;
  busy: boolean;
  onPick: (externalIds: string[]) => void;
}

/** Every target the grant reaches, all ticked; those already connected are renewed. */
export function TargetPicker({ answer, busy, onPick }: TargetPickerProps) {
  const { t } = useTranslation();
  const [ticked, setTicked] = useState<string[]>(() => answer.targets.map((target) => target.externalId));
  const platform = platformName(answer.platform);
  const all = ticked.length === answer.targets.length;
  const toggle = (id: string, on: boolean) =>
    setTicked((current) => (on ? [...current.filter((x) => x !== id), id] : current.filter((x) => x !== id)));

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('channels.authorize.title', { platform })}
      </Typography.Title>
      <Typography.Text>
        {t('channels.authorize.intro', { department: answer.department.name })}
      </Typography.Text>
      {answer.missingScopes.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={t('channels.authorize.missingScopes', { platform, scopes: answer.missingScopes.join(', ') })}
        />
      )}
      <Checkbox
        checked={all}
        indeterminate={!all && ticked.length > 0}
        onChange={(event) =>
          setTicked(event.target.checked ? answer.targets.map((target) => target.externalId) : [])
        }
      >
        {t('channels.authorize.selectAll')}
      </Checkbox>
      <List
        bordered
        dataSource={answer.targets}
        rowKey="externalId"
        renderItem={(target) => (
          <List.Item>
            <Flex gap={12} align="center">
              <Checkbox
                aria-label={target.name}
                checked={ticked.includes(target.externalId)}
                onChange={(event) => toggle(target.externalId, event.target.checked)}
              />
              <AccountIdentity
                name={target.name}
                handle={target.handle}
                avatarUrl={target.avatarUrl}
                profileUrl={target.profileUrl}
                extra={
                  target.existing && (
                    <Tag color="processing">
                      {t('channels.authorize.existing', { department: target.existing.department.name })}
                    </Tag>
                  )
                }
              />
            </Flex>
          </List.Item>
        )}
      />
      <Typography.Text type="secondary">
        {t('channels.authorize.expiresAt', { time: parseTime(answer.expiresAt, '{h}:{i}') })}
      </Typography.Text>
      {ticked.length === 0 && (
        <Typography.Text type="warning">{t('channels.authorize.noneSelected')}</Typography.Text>
      )}
      <Button type="primary" disabled={ticked.length === 0} loading={busy} onClick={() => onPick(ticked)}>
        {t('channels.authorize.submit')}
      </Button>
    </Space>
  );
}
