/** The release whose notes the what's-new dialog shows once per user (GET /guidehistory/read). */
export const RELEASE = '2026-11-27';
