import { DatePicker } from 'antd';
import dayjs from 'dayjs';

interface DateRangeFilterProps {
  /** The contract's `time` filter: 'from,to' ISO date-times. */
  value: string | undefined;
  onChange: (time: string | undefined) => void;
  label: string;
}

/** A day range as the lists' `time` filter: from the start of the first day to the end of the last. */
export function DateRangeFilter({ value, onChange, label }: DateRangeFilterProps) {
  const range = value?.split(',').map((v) => dayjs(v)) as [dayjs.Dayjs, dayjs.Dayjs] | undefined;
  return (
    <DatePicker.RangePicker
      aria-label={label}
      value={range}
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
