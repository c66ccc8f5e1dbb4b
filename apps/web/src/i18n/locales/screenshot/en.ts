/** English texts of the publication screenshot page (/screenShort, issue 20 item 8); the shape the others match. */
export const enScreenshot = {
  noId: 'No publication was named: open this page from the publish history.',
  notFound: 'This publication does not exist, or is outside your departments.',
  loadFailed: 'The screenshot could not be loaded',
  takeAgain: 'Take again',
  taking: 'Opening the post’s page and taking its picture: this can take up to a minute.',
  taken: 'Screenshot taken',
  takenAt: 'Taken {{time}}',
  openPost: 'Open the post',
  alt: 'Screenshot of the post’s public page',
  none: 'No screenshot yet',
  keptEarlier: 'The picture above is from an earlier try.',
  triedAt: 'Tried {{time}}',
  detail: 'What the server met: {{detail}}',
  reasons: {
    notPublished: 'The publication is not out, or no longer: only a published post has a page to photograph.',
    refused:
      'The post’s address is not a public one (a local or private network, or a file), so the server does not open it.',
    unreachable: 'The post’s page could not be reached.',
    httpStatus:
      'The platform answered with an error page: the post may have been removed, or may not show yet.',
    timeout: 'The page did not load within 30 seconds.',
    tooLarge: 'The page is larger than a screenshot may load.',
    browser: 'The server’s browser (Chromium) could not be started: tell your administrator.',
    authorGone: 'The publication’s author no longer exists, so the picture cannot be filed in the library.',
    internal: 'Something went wrong on the server; its log says what.',
  },
};

/** Same keys as English, any text. */
export type ScreenshotMessages = typeof enScreenshot;
