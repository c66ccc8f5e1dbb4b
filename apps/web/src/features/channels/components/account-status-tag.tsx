import type { ChannelAccountStatus } from '@postdeck/contract/channels';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<ChannelAccountStatus, string> = {
  active: 'success',
  expiring: 'warning',
  reauthorize: 'error',
  released: 'default',
};

export function AccountStatusTag({ status }: { status: ChannelAccountStatus }) {
  const { t } = useTranslation();
  return <Tag color={COLORS[status]}>{t(`channels.statuses.${status}`)}</Tag>;
}
