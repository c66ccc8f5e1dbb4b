import type { ConnectTarget, ConnectTargets } from '@postdeck/contract/channels';
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

/** Live in a department outside the caller's scope: shown, never choosable (the server refuses it too). */
const choosable = (target: ConnectTarget) => target.existing?.scope !== 'elsewhere';

/** Every target the grant reaches, all ticked but those of other departments; those already connected are renewed. */
export function TargetPicker({ answer, busy, onPick }: TargetPickerProps) {
  const { t } = useTranslation();
  const open = answer.targets.filter(choosable).map((target) => target.externalId);
  const [ticked, setTicked] = useState<string[]>(open);
  const platform = platformName(answer.platform);
  const all = open.length > 0 && ticked.length === open.length;
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
      {open.length < answer.targets.length && (
        <Alert type="warning" showIcon title={t('channels.authorize.elsewhereHelp')} />
      )}
      {answer.platform === 'youtube' && (
        <Alert type="info" showIcon title={t('channels.authorize.oneChannel', { platform })} />
      )}
      <Checkbox
        checked={all}
        disabled={open.length === 0}
        indeterminate={!all && ticked.length > 0}
        onChange={(event) => setTicked(event.target.checked ? open : [])}
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
                disabled={!choosable(target)}
                checked={ticked.includes(target.externalId)}
                onChange={(event) => toggle(target.externalId, event.target.checked)}
              />
              <AccountIdentity
                name={target.name}
                handle={target.handle}
                avatarUrl={target.avatarUrl}
                profileUrl={target.profileUrl}
                extra={<ExistingTag existing={target.existing} />}
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

/** What connecting a target again does: renew it where it is, bring a released one here, or nothing (another department's). */
function ExistingTag({ existing }: { existing: ConnectTarget['existing'] }) {
  const { t } = useTranslation();
  if (!existing) return null;
  if (existing.scope === 'elsewhere') return <Tag color="warning">{t('channels.authorize.elsewhere')}</Tag>;
  const department = existing.department.name;
  return existing.status === 'released' ? (
    <Tag>{t('channels.authorize.released', { department })}</Tag>
  ) : (
    <Tag color="processing">{t('channels.authorize.existing', { department })}</Tag>
  );
}
