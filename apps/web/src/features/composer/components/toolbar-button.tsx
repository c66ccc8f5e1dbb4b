import { Button } from 'antd';
import type { ComponentProps } from 'react';
import styles from './toolbar-button.module.css';

type ToolbarButtonProps = Omit<ComponentProps<typeof Button>, 'aria-label' | 'aria-pressed'> & {
  /** The accessible name, also shown as the tooltip: most buttons show an icon only. */
  label: string;
  /** For formats: announced as pressed or not, and drawn highlighted when on. */
  active?: boolean;
};

/** One toolbar button. A popover trigger passes its handlers and ref through the rest props. */
export function ToolbarButton({ label, active, ...rest }: ToolbarButtonProps) {
  return (
    <Button
      size="small"
      // One variant whatever the state: antd wraps other variants in an extra element, and switching
      // would remount the button under a keyboard user's focus. The pressed look is the CSS's.
      variant="text"
      color={active ? 'primary' : 'default'}
      className={styles.button}
      aria-label={label}
      aria-pressed={active}
      title={label}
      // Keeps the editor's selection while the mouse is down; keyboard users keep it anyway.
      onMouseDown={(event) => event.preventDefault()}
      {...rest}
    />
  );
}
