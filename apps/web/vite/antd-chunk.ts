/**
 * Which modules go into the one `antd` chunk (issue 11): antd, its rc components, their helpers
 * and dayjs, except the components that no page shows on its first view, which stay with
 * automatic splitting and load with the pages that use them. The group also takes in whatever
 * its modules import (rolldown's default), so vite.config.ts gives React's chunk and the icons
 * the login page draws groups of higher priority, and they stay out of it.
 *
 * Left to automatic splitting, the department content page's first view came in some 125 files.
 * Browsers fetch six at a time from one host over HTTP/1.1, so the files queued for round trips
 * of their own: in 67 files, Lighthouse's desktop run painted the list's rows 0.3-0.4 s sooner.
 * TanStack Query stays out: the page's data request leaves before antd has arrived.
 */
const LATER_ANTD = [
  'auto-complete',
  'calendar',
  'cascader',
  'collapse',
  'color-picker',
  'date-picker',
  'descriptions',
  'drawer',
  'form',
  'image',
  'input-number',
  'list',
  'progress',
  'radio',
  'result',
  'segmented',
  'slider',
  'statistic',
  'steps',
  'tabs',
  'time-picker',
  'timeline',
  'transfer',
  'tree',
  'tree-select',
  'upload',
];
const LATER_RC = [
  'cascader',
  'collapse',
  'color-picker',
  'drawer',
  'form',
  'image',
  'input-number',
  'mini-decimal',
  'picker',
  'progress',
  'segmented',
  'slider',
  'steps',
  'tabs',
  'tree',
  'tree-select',
  'upload',
];

const SEP = String.raw`[\\/]`;
const VENDOR = new RegExp(
  `node_modules${SEP}(antd|@ant-design${SEP}(?!fast-color|icons-svg)|@rc-component|dayjs|clsx|classnames|@babel${SEP}runtime|` +
    `scroll-into-view-if-needed|compute-scroll-into-view|throttle-debounce|json2mq|string-convert|stylis|@emotion)`,
);
const LATER = new RegExp(
  `node_modules${SEP}(antd${SEP}es${SEP}(${LATER_ANTD.join('|')})${SEP}|@rc-component${SEP}(${LATER_RC.join('|')})${SEP}|async-validator${SEP})`,
);

export const inAntdChunk = (id: string) => VENDOR.test(id) && !LATER.test(id);
