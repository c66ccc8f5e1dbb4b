import type { PublishImportMessages } from './en';

export const jaPublishImport: PublishImportMessages = {
  open: 'ファイルから予約',
  title: 'ファイルから投稿を予約',
  intro:
    '1 行に 1 件の投稿を記入します：タイトル、本文、アカウント、日時とそのタイムゾーン、メディア。テンプレートから作成してください。1 ファイルは最大 {{rows}} 行、{{size}} までです。確定するまで何も予約されず、確定するとすべての行が予約されるか、1 件も予約されません。',
  templateCsv: 'テンプレートをダウンロード（CSV）',
  templateXlsx: 'テンプレートをダウンロード（XLSX）',
  choose: 'ファイルを選択（CSV または XLSX）',
  reading: '{{name}} を読み込み中…',
  file: 'ファイル：{{name}}',
  wrongType: '.csv または .xlsx ファイルを選択してください。',
  tooLarge: 'ファイルが {{size}} を超えています。小さなファイルに分けてください。',
  readFailed: 'ブラウザーでファイルを読み取れませんでした。もう一度選択してください。',
  allGood: '予約できる行：{{count}}',
  expiresAt: '{{time}} までに確定してください。過ぎた場合はファイルを読み込み直してください。',
  someProblems: '行数：{{count}}、問題のある行：{{problems}}',
  fixFirst:
    '問題のある行があるうちは予約できません。ファイルの {{rows}} 行目を修正して、もう一度選択してください。',
  confirm: '{{count}} 行を予約',
  cancel: 'キャンセル',
  done: '予約しました：{{count}}',
  rowReady: '準備完了',
  noTime: '日時なし',
  timeIn: '{{time}}（{{zone}}）',
  yourTime: 'あなたの時刻：{{time}}（{{zone}}）',
  columns: {
    row: '行',
    title: 'タイトルと本文',
    accounts: 'アカウント',
    time: '日時',
    media: 'メディア',
    problems: '問題',
  },
  place: {
    row: '{{row}} 行目',
    entry: '{{column}} の {{entry}} 番目',
    file: 'ファイル',
  },
};
