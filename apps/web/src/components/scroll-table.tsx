import { Table, type TableProps } from 'antd';
import styles from './scroll-table.module.css';

/** A column class: the column stays in view at the end while the table scrolls sideways. */
export const STICKY_END_COLUMN = styles.stickyEnd;

/** A column class: cells read whole (codes, addresses, times) never wrap. */
export const NO_WRAP_COLUMN = styles.noWrap;

export type ScrollTableProps<T extends object> = TableProps<T> & {
  /** Names the scrolling region for screen readers: what the table lists. */
  label: string;
};

/**
 * A data table that scrolls sideways inside itself when it is wider than its place, never the
 * page (issue 10: at 800 px the users table made the page 1,017 px wide). Headers do not wrap, so
 * no header breaks inside a word; cells wrap between words only (in auto layout no column is
 * narrower than its longest word; antd's fixed layout, which its column ellipsis turns on, breaks
 * words). The region takes keyboard focus so it can be scrolled without
 * a mouse (axe scrollable-region-focusable). Not antd's `scroll.x`: its scrolling box cannot take
 * focus, and its hidden measuring row copies the select-all checkbox (axe aria-hidden-focus).
 */
export function ScrollTable<T extends object>({ label, ...props }: ScrollTableProps<T>) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className={styles.region}>
      <Table<T> {...props} />
    </div>
  );
}
