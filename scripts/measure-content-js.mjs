// `node scripts/measure-content-js.mjs [--json]`: the JavaScript a first view of the department
// content page (the landing page after sign-in) needs in the built web app (apps/web/dist, run
// `npm run build` first), with gzip sizes. Counted as measure-login-js.mjs counts /login: the
// entry with its static imports, then each module the first view waits for (antd's route with
// the English texts and antd's and dayjs's locales, the layout, the page) with theirs. What a
// page loads later (a dialog, the date range picker once opened) is not counted. Issue 11 wants
// this page at Lighthouse 90 mobile / 98 desktop; CONTENT_JS_BUDGET_KB holds what was reached.
import { fileURLToPath } from 'node:url';
import { measureFirstPaint, printFirstPaint } from './measure-login-js.mjs';

// 540 until publishing (issue 20) added its texts to the first locale chunk: 543.7 KB measured.
export const CONTENT_JS_BUDGET_KB = 550;

/** Source modules (manifest keys, relative to apps/web) a first view of the content page waits for. */
export const CONTENT_FIRST_VIEW = [
  'src/app/antd-outlet.tsx',
  'src/i18n/locales/en.ts',
  '../../node_modules/antd/locale/en_US.js',
  '../../node_modules/dayjs/dayjs.min.js',
  'src/app/layout-with-messages.tsx',
  'src/features/content/pages/content-list-page.tsx',
];

export const measureContentJs = (dist) => measureFirstPaint(CONTENT_FIRST_VIEW, dist);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  printFirstPaint(measureContentJs(), CONTENT_JS_BUDGET_KB);
}
