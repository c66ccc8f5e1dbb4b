import { CalendarOutlined } from '@ant-design/icons';
import { ConfigProvider, Input } from 'antd';
import { Suspense, lazy, useContext, useState } from 'react';

export interface DateRangeFilterProps {
  /** The contract's `time` filter: 'from,to' ISO date-times. */
  value: string | undefined;
  onChange: (time: string | undefined) => void;
  label: string;
}

const loadPicker = () => import('./date-range-picker');
const DateRangePicker = lazy(() => loadPicker().then((module) => ({ default: module.DateRangePicker })));

/**
 * A day range filter. antd's date picker and its calendar (about 32 KB gz) are not part of a
 * list's first view (issue 11): until the filter is set or wanted, a plain input with the
 * picker's own placeholder stands in; pointing at it starts the load, focusing or clicking it
 * brings the picker in, open.
 */
export function DateRangeFilter(props: DateRangeFilterProps) {
  const [opened, setOpened] = useState(false);
  // Once in, the picker stays: clearing the filter must not swap it back.
  const [wanted, setWanted] = useState(false);
  if (!wanted && (opened || props.value !== undefined)) setWanted(true);
  const stand = <StandIn label={props.label} onOpen={() => setOpened(true)} />;
  if (!wanted && !opened && props.value === undefined) return stand;
  return (
    <Suspense fallback={stand}>
      <DateRangePicker {...props} opened={opened} />
    </Suspense>
  );
}

function StandIn({ label, onOpen }: { label: string; onOpen: () => void }) {
  const { locale } = useContext(ConfigProvider.ConfigContext);
  const [start, end] = locale?.DatePicker?.lang.rangePlaceholder ?? [];
  return (
    <Input
      readOnly
      aria-label={label}
      placeholder={start && end ? `${start} → ${end}` : undefined}
      suffix={<CalendarOutlined />}
      style={{ width: 256 }}
      onPointerEnter={() => void loadPicker()}
      onFocus={onOpen}
    />
  );
}
