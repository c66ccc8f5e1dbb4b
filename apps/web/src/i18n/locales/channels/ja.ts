import type { ChannelMessages } from './en';

export const jaChannels: ChannelMessages = {
  platform: 'プラットフォーム',
  department: '部署',
  status: 'ステータス',
  account: 'アカウント',
  statuses: {
    active: '有効',
    expiring: 'まもなく期限切れ',
    reauthorize: '再認可が必要',
    released: '連携解除済み',
  },
  tokenExpiry: 'トークンの期限',
  noExpiry: '期限なし',
  lastSuccess: '最後の成功',
  never: 'なし',
  failures7d: '失敗（7 日間）',
  quotaLeft: '残りのクォータ',
  missingScopes: '不足している権限: {{scopes}}',
  actions: '操作',
  reconnect: '再接続',
  release: '連携解除',
  openProfile: '{{name}} のプロフィールを開く',
  total: '全 {{count}} 件',
  loadFailed: 'チャネルアカウントを読み込めませんでした',
  empty: 'まだチャネルアカウントが接続されていません',
  emptyHint: 'Facebook ページ、YouTube チャンネル、Telegram チャンネルなどを接続すると投稿できます。',
  noMatch: 'この条件に一致するアカウントはありません',
  filtersDropped: 'この一覧で使えない絞り込み条件をアドレスから削除しました: {{filters}}',
  sandbox: {
    title: 'サンドボックス',
    description:
      'ここのアカウントは Postdeck と一緒に起動したローカルのテストサーバー上にあります。接続や投稿の内容が実際のプラットフォームに届くことはありません。',
  },
  connect: {
    open: 'アカウントを接続',
    first: '最初のアカウントを接続',
    title: 'アカウントの接続',
    platform: 'プラットフォーム',
    department: '部署',
    departmentHint: '接続したアカウントが所属する部署です。',
    required: '必須です',
    unavailable: 'このサーバーでは設定されていません。アプリ資格情報がありません。',
    continue: '{{platform}} へ進む',
    continueHint: '{{platform}} 自身のページでサインインし、Postdeck に使わせる内容を選びます。',
    submit: '接続',
    cancel: 'キャンセル',
    instance: 'Mastodon サーバー',
    instanceHint: 'サーバーのアドレス（例: mastodon.social）',
    botToken: 'ボットトークン',
    botTokenHint:
      'BotFather が発行したトークン。ボットは投稿が許可されたチャンネル管理者である必要があります。',
    channel: 'チャンネル',
    channelHint: '@ユーザー名、または -100 で始まる非公開チャンネルの ID',
    identifier: 'ハンドル',
    identifierHint: 'あなたのハンドル（例: alice.bsky.social）',
    appPassword: 'アプリパスワード',
    appPasswordHint:
      'Bluesky の設定の「アプリパスワード」で作成したもの。アカウント自体のパスワードではありません。',
    useSandbox: 'サンドボックスのテストアカウントを使う',
    useSandboxBot: 'サンドボックスのテストボットを使う',
    useSandboxInstance: 'サンドボックスのテストサーバーを使う',
    connected: '接続したアカウント: {{count}} 件',
    loadFailed: 'プラットフォームを読み込めませんでした',
  },
  move: {
    action: '移動',
    title: '{{name}} を別の部署へ移動',
    intro:
      'このアカウントは {{department}} に所属しています。投稿と履歴も一緒に移動し、移動元の部署の管理者には表示されなくなります。',
    to: '移動先の部署',
    submit: '移動',
    done: '{{name}} は {{department}} の所属になりました',
  },
  authorize: {
    reading: 'プラットフォームの応答を読み取っています…',
    title: '{{platform}} で接続するものを選択',
    intro: 'この認可で届くすべてのアカウントです。チェックしたものは部署「{{department}}」に所属します。',
    selectAll: 'すべて選択',
    existing: '{{department}} で接続済み。更新されます',
    released: '{{department}} で連携解除済み。ここで再び接続されます',
    elsewhere: '別の部署で接続済み：更新する権限がありません',
    elsewhereHelp:
      '両方の部署を管理する管理者がチャンネルアカウントのページから移動するか、その部署が先に連携解除してください。',
    oneChannel:
      '{{platform}} は 1 回のサインインで 1 つのチャンネルを接続します。別のチャンネルを追加するには、もう一度接続して {{platform}} のページで選んでください。',
    missingScopes:
      '{{platform}} で Postdeck が求める権限（{{scopes}}）がすべては許可されませんでした。これらのアカウントは一部機能しない可能性があります。',
    expiresAt: '{{time}} までに選択してください。',
    submit: '選択したものを接続',
    noneSelected: '少なくとも 1 つのアカウントにチェックを付けてください。',
    failedTitle: '何も接続されませんでした',
    noAnswer: 'このアドレスはプラットフォームからの応答なしで開かれました。',
    toChannels: 'チャネルアカウントに戻る',
    connectAgain: 'もう一度接続',
  },
  releasePage: {
    close: '閉じる',
    loadFailed: 'アカウントを読み込めませんでした',
    notFound: 'アカウントが存在しないか、あなたの部署の範囲外です。',
    forbidden: 'このアカウントを表示する権限がありません。',
    noId: 'このページにはアドレスでアカウントの指定（?id=）が必要です。',
    title: '{{name}} の連携解除',
    connection: '接続',
    connectedAt: '接続日時',
    connectedBy: '接続したユーザー',
    sameGrant: '同じ認可で接続したアカウント',
    scopes: '許可された権限',
    none: 'なし',
    whatHappens: '連携解除で行われること',
    steps: {
      revoke:
        '同じサインインで接続した他のアカウントが使っていなければ、Postdeck は {{platform}} 上のアクセス権を取り消します。',
      revokeShared:
        '同じサインインで接続した {{names}} が使っている間、Postdeck は {{platform}} 上のアクセス権を残し、最後の 1 つの連携解除時に取り消します。',
      tokens: '保存されたトークンは消去され、このアカウントには以後投稿できなくなります。',
      history: 'アカウントは投稿と統計を残したまま、連携解除済みとして一覧に残ります。',
      held: 'このアカウントで予約された投稿は保留され、作成者に通知されます。',
    },
    confirm: '理解しました。このアカウントの連携を解除します',
    submit: '連携解除',
    released: '{{name}} の連携を解除しました。',
    releasedAt: '{{time}} に連携解除',
    revoked: '{{platform}} でもアクセス権を取り消しました。',
    noRevokeCall: '{{platform}} には Postdeck がアクセス権を返す手段がありません。{{manual}}',
    notRevoked: {
      sharedGrant:
        '{{platform}} 上のアクセス権は残しました。同じサインインで接続した他のアカウントが使っているためです。最後の 1 つの連携解除時に取り消します。',
      failed: '{{platform}} からアクセス権の取り消しが確認できませんでした。{{manual}}',
      noGrant:
        'このアカウントには保存されたアクセス権がないため、{{platform}} で取り消すものはありませんでした。',
    },
    manual: {
      facebook:
        'プラットフォーム側でも終了するには、Facebook の「設定 › ビジネス統合」で Postdeck を削除してください。',
      instagram:
        'Instagram アカウントは Facebook 経由で接続されています。プラットフォーム側でも終了するには、Facebook の「設定 › ビジネス統合」で Postdeck を削除してください。',
      youtube:
        'ご自身で終了するには、Google アカウントの「セキュリティ › サードパーティ製のアプリとサービス」で Postdeck を削除してください。',
      ga4: 'ご自身で終了するには、Google アカウントの「セキュリティ › サードパーティ製のアプリとサービス」で Postdeck を削除してください。',
      x: 'ご自身で終了するには、X の「設定 › セキュリティとアカウントアクセス › アプリとセッション › 連携しているアプリ」で Postdeck を削除してください。',
      vk: 'プラットフォーム側でも終了するには、VK ID アカウント（id.vk.com）の「サービスとウェブサイト」で Postdeck を削除してください。',
      telegram:
        'ボットのアクセスを終了するには、ボットをチャンネルから削除するか、BotFather でトークンを取り消してください（/revoke）。',
      linkedin:
        'プラットフォーム側でも終了するには、LinkedIn の「設定 › データプライバシー › 許可済みのサービス」で Postdeck を削除してください。',
      mastodon:
        'ご自身で終了するには、Mastodon サーバーの「ユーザー設定 › アカウント › 認証済みアプリ」で Postdeck を削除してください。',
      bluesky:
        'プラットフォーム側でも終了するには、Bluesky の「設定 › プライバシーとセキュリティ › アプリパスワード」で Postdeck が使ったアプリパスワードを削除してください。',
      tiktok:
        'プラットフォーム側でも終了するには、TikTok の「設定とプライバシー › セキュリティと権限 › アプリとサービス」で Postdeck を削除してください。',
    },
    wrongPlatform: 'これは {{expected}} ではなく {{platform}} のアカウントです',
    wrongPlatformHint:
      'このページで連携解除できるのは {{expected}} のアカウントだけです。ここでは何も変更していません。',
    toPlatformRelease: '{{platform}} の連携解除ページを開く',
    toPlatformAccounts: '{{platform}} のアカウント一覧から連携解除する',
    held: '保留した予約投稿: {{count}} 件。作成者に通知しました。',
    noHeld: 'このアカウントで待機中の予約投稿はありませんでした。',
    alreadyReleased: 'このアカウントは連携解除済みです。',
    toChannels: 'チャネルアカウントに戻る',
  },
};
