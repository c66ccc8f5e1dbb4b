import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  CloseCircleOutlined,
  HourglassOutlined,
  PauseCircleOutlined,
  QuestionCircleOutlined,
  RollbackOutlined,
  StopOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import type { PublicationStatus } from '@postdeck/contract/publishing';
import { Tag } from 'antd';
import type { ComponentType, CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { DANGER, SECONDARY_TEXT, SUCCESS, WARNING } from '../../../app/theme-colors';

/** antd's blue-7: an icon on white well past 3:1 (WCAG 1.4.11), whatever theme preset is chosen. */
const ONGOING = '#0958d9';

interface Look {
  Icon: ComponentType<{ 'aria-hidden'?: boolean; spin?: boolean; style?: CSSProperties }>;
  colour: string;
  spin?: boolean;
}

const LOOKS: Record<PublicationStatus, Look> = {
  scheduled: { Icon: ClockCircleOutlined, colour: ONGOING },
  queued: { Icon: HourglassOutlined, colour: ONGOING },
  publishing: { Icon: SyncOutlined, colour: ONGOING, spin: true },
  published: { Icon: CheckCircleOutlined, colour: SUCCESS },
  failed: { Icon: CloseCircleOutlined, colour: DANGER },
  unconfirmed: { Icon: QuestionCircleOutlined, colour: WARNING },
  held: { Icon: PauseCircleOutlined, colour: WARNING },
  cancelled: { Icon: StopOutlined, colour: SECONDARY_TEXT },
  withdrawn: { Icon: RollbackOutlined, colour: SECONDARY_TEXT },
};

/**
 * A publication's state as colour, icon and word, so none of the three is needed alone. The
 * colour is on the icon and the border: antd's tinted tags put their text short of WCAG AA.
 */
export function PublicationStatusTag({ status }: { status: PublicationStatus }) {
  const { t } = useTranslation();
  const { Icon, colour, spin } = LOOKS[status];
  return (
    <Tag
      data-status={status}
      icon={<Icon aria-hidden spin={spin ?? false} style={{ color: colour }} />}
      style={{ borderColor: colour, marginInlineEnd: 0 }}
    >
      {t(`publishing.statuses.${status}`)}
    </Tag>
  );
}
