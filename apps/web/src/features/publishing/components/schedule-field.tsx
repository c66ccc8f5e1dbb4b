import { DatePicker, Flex, Form, Radio, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export type When = 'now' | 'later';

export interface ScheduleFieldProps {
  when: When;
  at: Dayjs | null;
  onChange: (when: When, at: Dayjs | null) => void;
  /** The time it is (ms): days before today are not offered. */
  now: number;
  /** Why the chosen time is refused: in the past here, or the server's. */
  errors: string[];
}

/** The zone the picker's times are in, by name ("Europe/Paris"): the browser's own. */
export const timeZoneName = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export const SCHEDULE_FORMAT = 'YYYY-MM-DD HH:mm';

/** Publish now, or at a time the author picks in their own time zone. */
export function ScheduleField({ when, at, onChange, now, errors }: ScheduleFieldProps) {
  const { t } = useTranslation();
  const pickerId = useId();
  const zoneId = useId();
  return (
    <Flex vertical gap={8}>
      <Radio.Group
        aria-label={t('publishing.schedule.heading')}
        value={when}
        onChange={(event) => onChange(event.target.value as When, at)}
        options={[
          { value: 'now', label: t('publishing.schedule.now') },
          { value: 'later', label: t('publishing.schedule.later') },
        ]}
      />
      {when === 'later' && (
        <Form layout="vertical" component={false}>
          <Form.Item
            label={t('publishing.schedule.at')}
            htmlFor={pickerId}
            validateStatus={errors.length > 0 ? 'error' : undefined}
            help={errors.length > 0 ? errors.join(' ') : undefined}
            extra={<span id={zoneId}>{t('publishing.schedule.zone', { zone: timeZoneName() })}</span>}
          >
            <DatePicker
              id={pickerId}
              aria-describedby={zoneId}
              showTime={{ format: 'HH:mm' }}
              format={SCHEDULE_FORMAT}
              needConfirm={false}
              placeholder={t('publishing.schedule.placeholder')}
              value={at}
              onChange={(value: Dayjs | null) => onChange('later', value)}
              disabledDate={(day: Dayjs) => day.endOf('day').valueOf() < now}
              status={errors.length > 0 ? 'error' : undefined}
            />
          </Form.Item>
        </Form>
      )}
      {when === 'later' && at === null && errors.length === 0 && (
        <Typography.Text type="secondary">{t('publishing.schedule.required')}</Typography.Text>
      )}
    </Flex>
  );
}
