import type { Language } from './constants.ts';

/** Texts of the contract's own validation keys, in the four languages (merged into the web i18n too). */
export const VALIDATION_MESSAGES: Record<Language, Record<string, string>> = {
  en: {
    'validation.required': 'This field is required',
    'validation.username': 'Account must be 4-20 letters, digits, underscores or hyphens',
    'validation.password': 'Password must be 8-16 characters with a letter, a digit and one of !@#$^&*()',
    'validation.appKey': 'App key must be 15-35 letters, digits, underscores or hyphens',
    'validation.appSecret': 'App secret must be 28-45 letters, digits, underscores or hyphens',
    'validation.duplicate': 'Each item may appear only once',
    'validation.email': 'Enter a valid e-mail address',
    'validation.roleCode': 'Code must be 2-32 letters, digits or underscores, starting with a letter',
    'validation.menuUrl': 'Enter # for a group, a path starting with /, or an http(s) address',
    'validation.characters': 'Contains a character that cannot be stored (NUL or half of a surrogate pair)',
    'validation.unknownReference': 'This item does not exist (it may have just been deleted)',
    'validation.taken': 'This value is already taken',
    'validation.cursor': 'This page link no longer fits the list; start again from the first page',
    'validation.pageBeyondBound': 'Pages this deep are reached with Next from the last numbered page',
    'validation.telegramBotToken': 'Paste the token BotFather gave, like 123456789:AAH…',
    'validation.telegramChannel':
      "Enter the channel as @username, or a private channel's id starting with -100",
    'validation.blueskyAppPassword':
      "Enter an app password (xxxx-xxxx-xxxx-xxxx) made in Bluesky's settings, not the account password",
  },
  zh: {
    'validation.required': '此项为必填项',
    'validation.username': '账号须为 4-20 位字母、数字、下划线或连字符',
    'validation.password': '密码须为 8-16 位，包含字母、数字和 !@#$^&*() 中的一个特殊字符',
    'validation.appKey': 'App key 须为 15-35 位字母、数字、下划线或连字符',
    'validation.appSecret': 'App secret 须为 28-45 位字母、数字、下划线或连字符',
    'validation.duplicate': '每一项只能出现一次',
    'validation.email': '请输入有效的电子邮件地址',
    'validation.roleCode': '编码须为 2-32 位字母、数字或下划线，并以字母开头',
    'validation.menuUrl': '分组请填 #，页面请填以 / 开头的路径，或填写 http(s) 地址',
    'validation.characters': '包含无法保存的字符（NUL 或不成对的代理字符）',
    'validation.unknownReference': '该项不存在（可能刚被删除）',
    'validation.taken': '该值已被使用',
    'validation.cursor': '此翻页链接已与列表不符，请从第一页重新开始',
    'validation.pageBeyondBound': '这么靠后的页面请从最后一个编号页点“下一页”进入',
    'validation.telegramBotToken': '请粘贴 BotFather 提供的令牌，例如 123456789:AAH…',
    'validation.telegramChannel': '频道请填写 @用户名，私有频道请填写以 -100 开头的 ID',
    'validation.blueskyAppPassword':
      '请输入在 Bluesky 设置中创建的应用密码（xxxx-xxxx-xxxx-xxxx），而不是账号密码',
  },
  es: {
    'validation.required': 'Este campo es obligatorio',
    'validation.username': 'La cuenta debe tener 4-20 letras, dígitos, guiones bajos o guiones',
    'validation.password':
      'La contraseña debe tener 8-16 caracteres con una letra, un dígito y uno de !@#$^&*()',
    'validation.appKey': 'La app key debe tener 15-35 letras, dígitos, guiones bajos o guiones',
    'validation.appSecret': 'El app secret debe tener 28-45 letras, dígitos, guiones bajos o guiones',
    'validation.duplicate': 'Cada elemento solo puede aparecer una vez',
    'validation.email': 'Introduzca una dirección de correo válida',
    'validation.roleCode':
      'El código debe tener 2-32 letras, dígitos o guiones bajos y empezar por una letra',
    'validation.menuUrl': 'Escriba # para un grupo, una ruta que empiece por / o una dirección http(s)',
    'validation.characters': 'Contiene un carácter que no se puede guardar (NUL o medio par sustituto)',
    'validation.unknownReference': 'Este elemento no existe (puede que se acabe de eliminar)',
    'validation.taken': 'Este valor ya está en uso',
    'validation.cursor': 'Este enlace de página ya no corresponde a la lista; vuelva a la primera página',
    'validation.pageBeyondBound':
      'A las páginas tan lejanas se llega con Siguiente desde la última página numerada',
    'validation.telegramBotToken': 'Pegue el token que dio BotFather, como 123456789:AAH…',
    'validation.telegramChannel':
      'Indique el canal como @usuario, o el id de un canal privado que empieza por -100',
    'validation.blueskyAppPassword':
      'Indique una contraseña de aplicación (xxxx-xxxx-xxxx-xxxx) creada en los ajustes de Bluesky, no la contraseña de la cuenta',
  },
  ja: {
    'validation.required': 'この項目は必須です',
    'validation.username': 'アカウントは 4～20 文字の英字・数字・_・- で入力してください',
    'validation.password': 'パスワードは 8～16 文字で、英字・数字・!@#$^&*() のいずれかを含めてください',
    'validation.appKey': 'App key は 15～35 文字の英字・数字・_・- で入力してください',
    'validation.appSecret': 'App secret は 28～45 文字の英字・数字・_・- で入力してください',
    'validation.duplicate': '同じ項目は 1 回しか指定できません',
    'validation.email': '有効なメールアドレスを入力してください',
    'validation.roleCode': 'コードは英字で始まる 2～32 文字の英字・数字・_ で入力してください',
    'validation.menuUrl':
      'グループは #、ページは / で始まるパス、または http(s) のアドレスを入力してください',
    'validation.characters': '保存できない文字（NUL または対になっていないサロゲート）が含まれています',
    'validation.unknownReference': 'この項目は存在しません（削除されたばかりの可能性があります）',
    'validation.taken': 'この値はすでに使われています',
    'validation.cursor': 'このページへのリンクは一覧と合わなくなりました。最初のページからやり直してください',
    'validation.pageBeyondBound':
      'これより後ろのページへは、番号付きの最後のページから「次へ」で移動してください',
    'validation.telegramBotToken': 'BotFather が発行したトークン（例: 123456789:AAH…）を貼り付けてください',
    'validation.telegramChannel':
      'チャンネルは @ユーザー名、非公開チャンネルは -100 で始まる ID で入力してください',
    'validation.blueskyAppPassword':
      'Bluesky の設定で作成したアプリパスワード（xxxx-xxxx-xxxx-xxxx）を入力してください。アカウントのパスワードではありません',
  },
};
