export type ComponentSize = 'small' | 'middle' | 'large';

/** Checklist NB-5: the template's four sizes folded onto antd's three; 'medium' by default. */
const ANTD_SIZE: Record<string, ComponentSize> = {
  default: 'large',
  medium: 'middle',
  small: 'middle',
  mini: 'small',
};

export function componentSizeOf(cookie: string | undefined): ComponentSize {
  return ANTD_SIZE[cookie ?? 'medium'] ?? 'middle';
}
