import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  ExclamationCircleOutlined,
  StopOutlined,
} from '@ant-design/icons';
import type { ChannelAccountStatus } from '@postdeck/contract/channels';
import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DANGER, SUCCESS, WARNING } from '../../../app/theme-colors';

// Default tags with a coloured icon: antd's tinted tags put their text short of WCAG AA contrast.
const ICONS: Record<ChannelAccountStatus, ReactNode> = {
  active: <CheckCircleOutlined aria-hidden style={{ color: SUCCESS }} />,
  expiring: <ClockCircleOutlined aria-hidden style={{ color: WARNING }} />,
  reauthorize: <ExclamationCircleOutlined aria-hidden style={{ color: DANGER }} />,
  released: <StopOutlined aria-hidden />,
};

export function AccountStatusTag({ status }: { status: ChannelAccountStatus }) {
  const { t } = useTranslation();
  return <Tag icon={ICONS[status]}>{t(`channels.statuses.${status}`)}</Tag>;
}
