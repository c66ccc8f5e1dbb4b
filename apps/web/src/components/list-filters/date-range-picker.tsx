import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import type { DateRangeFilterProps } from './date-range-filter';

/**
 * antd's range picker as the lists' `time` filter: from the start of the first day to the end of
 * the last. Loaded by DateRangeFilter when first wanted; `opened` opens it on arrival, as the
 * click that loaded it asked.
 */
export function DateRangePicker({
  value,
  onChange,
  label,
  opened,
}: DateRangeFilterProps & { opened: boolean }) {
  const range = value?.split(',').map((v) => dayjs(v)) as [dayjs.Dayjs, dayjs.Dayjs] | undefined;
  return (
    <DatePicker.RangePicker
      aria-label={label}
      value={range}
      autoFocus={opened}
      defaultOpen={opened}
      onChange={(days) =>
        onChange(
          days?.[0] && days[1]
            ? `${days[0].startOf('day').toISOString()},${days[1].endOf('day').toISOString()}`
            : undefined,
        )
      }
    />
  );
}
