import type { Language } from '@postdeck/contract/constants';
import type { ImportColumn } from './read-file.ts';

interface TemplateTexts {
  /** The example row's title and text. */
  exampleTitle: string;
  exampleText: string;
  /** Used when the caller has no account yet. */
  exampleAccount: string;
  /** The XLSX's sheets. */
  postsSheet: string;
  helpSheet: string;
  helpHeader: [string, string];
  /** What each column holds, for the XLSX's help sheet. */
  help: Record<ImportColumn, string>;
}

/** The template's prose in the caller's language; its header stays the columns' own names. */
export const IMPORT_TEMPLATE_TEXTS: Record<Language, TemplateTexts> = {
  en: {
    exampleTitle: 'Example: the spring issue is out',
    exampleText: 'Our spring issue is out today.\nRead it on our site.',
    exampleAccount: 'Account name',
    postsSheet: 'Posts',
    helpSheet: 'How to fill in',
    helpHeader: ['Column', 'What to write'],
    help: {
      title: 'Required. The post’s title (at most 200 characters); it names the content made for it.',
      text: 'The text of the post. A blank line starts a new paragraph.',
      accounts:
        'Required. The accounts to publish to, by name or id, separated by ; (a name used by two accounts needs the id).',
      time: 'Required. When to publish, as YYYY-MM-DD HH:mm in the row’s time zone; it must be in the future.',
      timeZone: 'The time zone of the time, as an IANA name such as Europe/London; UTC when left empty.',
      media: 'Optional. Images or videos: media library ids, or http(s) addresses of images, separated by ;.',
    },
  },
  zh: {
    exampleTitle: '示例：春季刊已发布',
    exampleText: '我们的春季刊今天发布。\n欢迎在网站上阅读。',
    exampleAccount: '账号名称',
    postsSheet: '帖子',
    helpSheet: '填写说明',
    helpHeader: ['列', '填写内容'],
    help: {
      title: '必填。帖子的标题（最多 200 个字符），也是为其创建的内容的标题。',
      text: '帖子的正文。空一行表示新段落。',
      accounts: '必填。要发布到的账号，填写名称或 ID，用 ; 分隔（两个账号同名时请填写 ID）。',
      time: '必填。发布时间，格式为 YYYY-MM-DD HH:mm，按该行的时区；必须是将来的时间。',
      timeZone: '时间所在的时区，填写 IANA 名称，例如 Asia/Shanghai；留空则为 UTC。',
      media: '选填。图片或视频：素材库 ID，或图片的 http(s) 地址，用 ; 分隔。',
    },
  },
  es: {
    exampleTitle: 'Ejemplo: ya salió el número de primavera',
    exampleText: 'Hoy sale nuestro número de primavera.\nLéalo en nuestro sitio.',
    exampleAccount: 'Nombre de la cuenta',
    postsSheet: 'Publicaciones',
    helpSheet: 'Cómo rellenarla',
    helpHeader: ['Columna', 'Qué escribir'],
    help: {
      title: 'Obligatoria. El título (como máximo 200 caracteres); da nombre al contenido creado para ella.',
      text: 'El texto de la publicación. Una línea en blanco empieza un párrafo nuevo.',
      accounts:
        'Obligatoria. Las cuentas donde publicar, por nombre o id, separadas por ; (un nombre que usan dos cuentas necesita el id).',
      time: 'Obligatoria. Cuándo publicar, como AAAA-MM-DD HH:mm en la zona horaria de la fila; debe ser futura.',
      timeZone: 'La zona horaria de la hora, con su nombre IANA como Europe/Madrid; UTC si se deja vacía.',
      media:
        'Opcional. Imágenes o vídeos: ids de la biblioteca de medios, o direcciones http(s) de imágenes, separados por ;.',
    },
  },
  ja: {
    exampleTitle: '例：春号を発売しました',
    exampleText: '本日、春号を発売しました。\nサイトでお読みください。',
    exampleAccount: 'アカウント名',
    postsSheet: '投稿',
    helpSheet: '記入方法',
    helpHeader: ['列', '記入する内容'],
    help: {
      title: '必須。投稿のタイトル（200 文字まで）。このために作成されるコンテンツの名前になります。',
      text: '投稿の本文。空行で新しい段落になります。',
      accounts:
        '必須。公開先のアカウントを名前か ID で、; 区切りで入力します（同じ名前のアカウントが 2 つある場合は ID）。',
      time: '必須。公開日時を YYYY-MM-DD HH:mm の形式で、その行のタイムゾーンで入力します。未来の日時にしてください。',
      timeZone: '日時のタイムゾーンを Asia/Tokyo のような IANA の名前で入力します。空欄なら UTC です。',
      media:
        '任意。画像または動画：メディアライブラリの ID か画像の http(s) アドレスを ; 区切りで入力します。',
    },
  },
};
