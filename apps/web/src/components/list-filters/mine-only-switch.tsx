import { Space, Switch } from 'antd';
import { useUserStore } from '../../stores/user-store';

interface MineOnlySwitchProps {
  /** The list's author or uploader filter. */
  value: number | undefined;
  onChange: (userId: number | undefined) => void;
  label: string;
}

/** 'Mine only': sets the list's person filter to the signed-in user, or clears it. */
export function MineOnlySwitch({ value, onChange, label }: MineOnlySwitchProps) {
  const me = useUserStore((state) => state.info?.id);
  if (me === undefined) return null;
  return (
    <label>
      <Space>
        <Switch size="small" checked={value === me} onChange={(mine) => onChange(mine ? me : undefined)} />
        {label}
      </Space>
    </label>
  );
}
