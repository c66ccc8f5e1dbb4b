/** English texts of bulk scheduling from a file (issue 21); the shape the other languages match. */
export const enPublishImport = {
  open: 'Schedule from a file',
  title: 'Schedule posts from a file',
  intro:
    'Write one post per row: its title, text, accounts, time with its time zone, and media. Start from the template; a file holds at most {{rows}} rows and {{size}}. Nothing is scheduled until you confirm, and then every row is, or none.',
  templateCsv: 'Download the template (CSV)',
  templateXlsx: 'Download the template (XLSX)',
  choose: 'Choose a file (CSV or XLSX)',
  reading: 'Reading {{name}}…',
  file: 'File: {{name}}',
  wrongType: 'Choose a .csv or .xlsx file.',
  tooLarge: 'The file is larger than {{size}}: split it into smaller files.',
  readFailed: 'The browser could not read the file: choose it again.',
  allGood: 'Rows ready to schedule: {{count}}',
  expiresAt: 'Confirm before {{time}}, or read the file again.',
  someProblems: 'Rows: {{count}}; with problems: {{problems}}',
  fixFirst:
    'Nothing can be scheduled while a row has a problem. Fix rows {{rows}} in the file and choose it again.',
  confirm: 'Schedule {{count}} rows',
  cancel: 'Cancel',
  done: 'Scheduled: {{count}}',
  rowReady: 'Ready',
  noTime: 'No time',
  timeIn: '{{time}} ({{zone}})',
  yourTime: 'Your time: {{time}} ({{zone}})',
  columns: {
    row: 'Row',
    title: 'Title and text',
    accounts: 'Accounts',
    time: 'Time',
    media: 'Media',
    problems: 'Problems',
  },
  place: {
    row: 'Row {{row}}',
    entry: '{{column}}, entry {{entry}}',
    file: 'File',
  },
};

/** Same keys as English, any text. */
export type PublishImportMessages = typeof enPublishImport;
