/**
 * Texts of the publish summary once it follows its publications (issue 20 item 12): where each
 * one stands, why one failed, and how an unconfirmed one is settled. English is the shape.
 */
export const enLive = {
  checkFailed: 'Its state could not be checked just now ({{message}}); trying again.',
  screenshot: 'Screenshot',
  errors: {
    rejected: '{{platform}} refused this post.',
    reauthorize:
      '{{platform}} no longer accepts this account’s authorisation: reconnect it on the channel accounts page, then publish again.',
    rateLimited:
      '{{platform}} limits how often this account may post, and the wait ran out: publish again later.',
    mediaInvalid: '{{platform}} refused an image or a video (its size, format or length).',
    transient: '{{platform}} could not be reached or failed on its side, and every retry failed too.',
    outcomeUnknown:
      'The post went to {{platform}}, but its answer was lost: the post may or may not be there.',
    other: 'Postdeck could not send it to {{platform}}.',
  },
  platformSaid: '{{platform}} said: “{{message}}”',
  settle: {
    question: 'Look at the account on {{platform}}: is the post there?',
    there: 'It is there',
    again: 'Publish again',
    againConfirm: 'Send it again? If the post is there after all, it will be there twice.',
    url: 'The post’s link',
    urlHint: 'Open the post on {{platform}} and copy its address.',
    urlInvalid: 'Paste the post’s whole link, starting with http:// or https://',
    save: 'Mark as published',
    cancel: 'Cancel',
    settled: 'Marked as published',
    queuedAgain: 'Queued for publishing again',
  },
};

/** Same keys as English, any text. */
export type LiveMessages = typeof enLive;

export const zhLive: LiveMessages = {
  checkFailed: '暂时无法查询状态（{{message}}），正在重试。',
  screenshot: '截图',
  errors: {
    rejected: '{{platform}} 拒绝了这条帖子。',
    reauthorize: '{{platform}} 不再接受此账号的授权：请在渠道账号页面重新连接，然后再次发布。',
    rateLimited: '{{platform}} 限制了此账号的发帖频率，等待已超时：请稍后再次发布。',
    mediaInvalid: '{{platform}} 拒绝了一张图片或一个视频（大小、格式或时长不符）。',
    transient: '{{platform}} 无法连接或自身出错，所有重试也都失败了。',
    outcomeUnknown: '帖子已发送到 {{platform}}，但回复丢失了：帖子可能已经发出，也可能没有。',
    other: 'Postdeck 无法将其发送到 {{platform}}。',
  },
  platformSaid: '{{platform}} 的原话：“{{message}}”',
  settle: {
    question: '请查看 {{platform}} 上的账号：帖子在吗？',
    there: '帖子已在',
    again: '重新发布',
    againConfirm: '要再发送一次吗？如果帖子其实已经在了，就会出现两条。',
    url: '帖子链接',
    urlHint: '在 {{platform}} 上打开帖子并复制其地址。',
    urlInvalid: '请粘贴以 http:// 或 https:// 开头的完整帖子链接',
    save: '标记为已发布',
    cancel: '取消',
    settled: '已标记为已发布',
    queuedAgain: '已重新排队发布',
  },
};

export const esLive: LiveMessages = {
  checkFailed: 'No se pudo comprobar su estado ahora ({{message}}); se vuelve a intentar.',
  screenshot: 'Captura',
  errors: {
    rejected: '{{platform}} rechazó esta publicación.',
    reauthorize:
      '{{platform}} ya no acepta la autorización de esta cuenta: vuelve a conectarla en la página de cuentas de canal y publica de nuevo.',
    rateLimited:
      '{{platform}} limita la frecuencia con la que esta cuenta puede publicar y la espera se agotó: publica de nuevo más tarde.',
    mediaInvalid: '{{platform}} rechazó una imagen o un vídeo (su tamaño, formato o duración).',
    transient:
      'No se pudo llegar a {{platform}} o falló por su parte, y todos los reintentos fallaron también.',
    outcomeUnknown:
      'La publicación llegó a {{platform}}, pero su respuesta se perdió: puede que esté publicada o no.',
    other: 'Postdeck no pudo enviarla a {{platform}}.',
  },
  platformSaid: '{{platform}} dijo: «{{message}}»',
  settle: {
    question: 'Mira la cuenta en {{platform}}: ¿está la publicación?',
    there: 'Está publicada',
    again: 'Publicar de nuevo',
    againConfirm: '¿Enviarla de nuevo? Si la publicación sí está, aparecerá dos veces.',
    url: 'Enlace de la publicación',
    urlHint: 'Abre la publicación en {{platform}} y copia su dirección.',
    urlInvalid: 'Pega el enlace completo de la publicación, empezando por http:// o https://',
    save: 'Marcar como publicada',
    cancel: 'Cancelar',
    settled: 'Marcada como publicada',
    queuedAgain: 'En cola para publicarse de nuevo',
  },
};

export const jaLive: LiveMessages = {
  checkFailed: '状態を確認できませんでした（{{message}}）。再試行しています。',
  screenshot: 'スクリーンショット',
  errors: {
    rejected: '{{platform}} がこの投稿を拒否しました。',
    reauthorize:
      '{{platform}} がこのアカウントの認可を受け付けなくなりました。チャネルアカウントのページで再接続してから、もう一度公開してください。',
    rateLimited:
      '{{platform}} がこのアカウントの投稿頻度を制限しており、待機時間を超えました。しばらくしてからもう一度公開してください。',
    mediaInvalid: '{{platform}} が画像または動画を拒否しました（サイズ、形式、長さ）。',
    transient: '{{platform}} に接続できないか先方でエラーが起き、再試行もすべて失敗しました。',
    outcomeUnknown:
      '投稿は {{platform}} に送られましたが、応答が失われました。投稿されているかどうかわかりません。',
    other: 'Postdeck は {{platform}} に送信できませんでした。',
  },
  platformSaid: '{{platform}} のメッセージ：「{{message}}」',
  settle: {
    question: '{{platform}} のアカウントを確認してください。投稿はありますか？',
    there: '投稿されている',
    again: 'もう一度公開',
    againConfirm: 'もう一度送信しますか？実は投稿されていた場合、同じ投稿が 2 件になります。',
    url: '投稿のリンク',
    urlHint: '{{platform}} で投稿を開き、そのアドレスをコピーしてください。',
    urlInvalid: 'http:// または https:// で始まる投稿の完全なリンクを貼り付けてください',
    save: '公開済みにする',
    cancel: 'キャンセル',
    settled: '公開済みにしました',
    queuedAgain: 'もう一度公開待ちに入れました',
  },
};
