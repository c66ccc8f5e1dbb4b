import { Input } from 'antd';
import { type CSSProperties, useState } from 'react';

interface SearchBoxProps {
  label: string;
  value: string | undefined;
  onSearch: (value: string | undefined) => void;
  style?: CSSProperties;
}

/** A text filter applied on Enter; follows the address when it changes otherwise (back, a link). */
export function SearchBox({ label, value, onSearch, style }: SearchBoxProps) {
  const [text, setText] = useState(value ?? '');
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(value ?? '');
  }
  return (
    <Input.Search
      allowClear
      value={text}
      onChange={(event) => setText(event.target.value)}
      placeholder={label}
      aria-label={label}
      onSearch={(next) => onSearch(next.trim() || undefined)}
      style={style}
    />
  );
}
