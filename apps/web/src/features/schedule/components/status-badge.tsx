import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { LOOK_COLOURS, type ScheduleLook } from './status-look';

/** A state's colour (as its events have it on the calendar) with its word. */
export function StatusBadge({ look }: { look: ScheduleLook }) {
  const { t } = useTranslation();
  const colour = LOOK_COLOURS[look];
  return (
    <Tag data-look={look} style={{ borderColor: colour, marginInlineEnd: 0 }}>
      <span
        aria-hidden
        style={{
          display: 'inline-block',
          width: 8,
          height: 8,
          borderRadius: 4,
          background: colour,
          marginInlineEnd: 6,
        }}
      />
      {look === 'paused' ? t('schedule.statuses.paused') : t(`publishing.statuses.${look}`)}
    </Tag>
  );
}
