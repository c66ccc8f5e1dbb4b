import type { Language } from './constants.ts';
import { ERROR_CODES, type ErrorCode } from './error-codes.ts';

export { actionForCode, type ErrorAction } from './error-codes.ts';

/** The error catalogue: each code of error-codes.ts with its sentence in every language. */
interface CatalogueEntry extends ErrorCode {
  msg: Record<Language, string>;
}

const entry = <C extends ErrorCode>(code: C, msg: Record<Language, string>) =>
  ({ ...code, msg }) satisfies CatalogueEntry;

export const ERRORS = {
  validation: entry(ERROR_CODES.validation, {
    en: 'Some fields are not valid',
    zh: '部分字段无效',
    es: 'Algunos campos no son válidos',
    ja: '入力内容に誤りがあります',
  }),
  badCredentials: entry(ERROR_CODES.badCredentials, {
    en: 'Incorrect account or password',
    zh: '账号或密码错误',
    es: 'Cuenta o contraseña incorrecta',
    ja: 'アカウントまたはパスワードが正しくありません',
  }),
  oldPasswordWrong: entry(ERROR_CODES.oldPasswordWrong, {
    en: 'The old password is not correct',
    zh: '原密码不正确',
    es: 'La contraseña anterior no es correcta',
    ja: '現在のパスワードが正しくありません',
  }),
  accountDisabled: entry(ERROR_CODES.accountDisabled, {
    en: 'This account is disabled, please contact the administrator',
    zh: '该账号已停用，请联系管理员',
    es: 'Esta cuenta está desactivada, contacte con el administrador',
    ja: 'このアカウントは無効です。管理者に連絡してください',
  }),
  passwordReused: entry(ERROR_CODES.passwordReused, {
    en: 'The new password must differ from the old one',
    zh: '新密码不能与原密码相同',
    es: 'La nueva contraseña debe ser distinta de la anterior',
    ja: '新しいパスワードは現在のものと異なる必要があります',
  }),
  passwordChangeRequired: entry(ERROR_CODES.passwordChangeRequired, {
    en: 'Choose a new password before you continue',
    zh: '请先设置新密码再继续',
    es: 'Elija una contraseña nueva antes de continuar',
    ja: '続行する前に新しいパスワードを設定してください',
  }),
  // OpenID Connect single sign-on (issue 5, item 7): shown on the login page (?ssoError=code).
  ssoFailed: entry(ERROR_CODES.ssoFailed, {
    en: 'Single sign-on did not complete, please try again',
    zh: '单点登录未完成，请重试',
    es: 'El inicio de sesión único no se completó, inténtelo de nuevo',
    ja: 'シングルサインオンが完了しませんでした。もう一度お試しください',
  }),
  ssoUnavailable: entry(ERROR_CODES.ssoUnavailable, {
    en: 'The single sign-on provider cannot be reached, please try again later',
    zh: '无法连接单点登录服务，请稍后重试',
    es: 'No se puede acceder al proveedor de inicio de sesión único, inténtelo más tarde',
    ja: 'シングルサインオンのプロバイダーに接続できません。しばらくしてから再試行してください',
  }),
  ssoAccountInvalid: entry(ERROR_CODES.ssoAccountInvalid, {
    en: 'The account name from single sign-on is not a valid Postdeck account (4-20 letters, digits, _ or -), please contact the administrator',
    zh: '单点登录提供的账号不是有效的 Postdeck 账号（4-20 位字母、数字、_ 或 -），请联系管理员',
    es: 'La cuenta que envía el inicio de sesión único no es una cuenta válida de Postdeck (4-20 letras, dígitos, _ o -); contacte con el administrador',
    ja: 'シングルサインオンから渡されたアカウント名は Postdeck のアカウントとして無効です（英数字・_・- の 4〜20 文字）。管理者に連絡してください',
  }),
  ssoNoAccount: entry(ERROR_CODES.ssoNoAccount, {
    en: 'You have no Postdeck account yet, please ask the administrator to create one',
    zh: '您还没有 Postdeck 账号，请联系管理员创建',
    es: 'Todavía no tiene una cuenta de Postdeck; pida al administrador que la cree',
    ja: 'Postdeck のアカウントがまだありません。管理者に作成を依頼してください',
  }),
  ssoCodeInvalid: entry(ERROR_CODES.ssoCodeInvalid, {
    en: 'This sign-on has expired or was already used, please sign in again',
    zh: '此次登录已过期或已被使用，请重新登录',
    es: 'Este inicio de sesión ha caducado o ya se ha usado; inicie sesión de nuevo',
    ja: 'このサインオンは期限切れか、すでに使用されています。もう一度ログインしてください',
  }),
  sessionInvalid: entry(ERROR_CODES.sessionInvalid, {
    en: 'Your session is not valid, please sign in again',
    zh: '会话无效，请重新登录',
    es: 'Su sesión no es válida, inicie sesión de nuevo',
    ja: 'セッションが無効です。再度ログインしてください',
  }),
  notSignedIn: entry(ERROR_CODES.notSignedIn, {
    en: 'Please sign in',
    zh: '请先登录',
    es: 'Inicie sesión',
    ja: 'ログインしてください',
  }),
  accessExpired: entry(ERROR_CODES.accessExpired, {
    en: 'Your access token has expired',
    zh: '访问令牌已过期',
    es: 'Su token de acceso ha caducado',
    ja: 'アクセストークンの有効期限が切れました',
  }),
  refreshInvalid: entry(ERROR_CODES.refreshInvalid, {
    en: 'Your session has ended, please sign in again',
    zh: '会话已结束，请重新登录',
    es: 'Su sesión ha terminado, inicie sesión de nuevo',
    ja: 'セッションが終了しました。再度ログインしてください',
  }),
  refreshReused: entry(ERROR_CODES.refreshReused, {
    en: 'This session was used elsewhere and has been signed out for safety',
    zh: '该会话已在别处使用，为安全起见已退出登录',
    es: 'Esta sesión se usó en otro lugar y se ha cerrado por seguridad',
    ja: 'このセッションは別の場所で使用されたため、安全のためログアウトしました',
  }),
  refreshExpired: entry(ERROR_CODES.refreshExpired, {
    en: 'Your session has expired, please sign in again',
    zh: '会话已过期，请重新登录',
    es: 'Su sesión ha caducado, inicie sesión de nuevo',
    ja: 'セッションの有効期限が切れました。再度ログインしてください',
  }),
  sessionDisabled: entry(ERROR_CODES.sessionDisabled, {
    en: 'This account has been disabled',
    zh: '该账号已被停用',
    es: 'Esta cuenta ha sido desactivada',
    ja: 'このアカウントは無効化されました',
  }),
  sessionRevoked: entry(ERROR_CODES.sessionRevoked, {
    en: 'You have been signed out on this device',
    zh: '您已在此设备上退出登录',
    es: 'Se ha cerrado su sesión en este dispositivo',
    ja: 'この端末ではログアウトされました',
  }),
  // Messages, tips and profile (issue 3); the first five are also validation-issue messages.
  invalidTimeRange: entry(ERROR_CODES.invalidTimeRange, {
    en: 'Time range must be two ISO date-times "from,to" with from not after to',
    zh: '时间范围须为两个 ISO 日期时间“开始,结束”，且开始不晚于结束',
    es: 'El intervalo debe ser dos fechas ISO "desde,hasta" con desde no posterior a hasta',
    ja: '期間は ISO 形式の日時 2 つ「開始,終了」で、開始は終了以前にしてください',
  }),
  invalidIdList: entry(ERROR_CODES.invalidIdList, {
    en: 'Ids must be a comma-separated list of at most 500 numbers',
    zh: 'ID 须为逗号分隔的数字列表，最多 500 个',
    es: 'Los ids deben ser una lista de hasta 500 números separados por comas',
    ja: 'ID はカンマ区切りの数値（最大 500 個）で指定してください',
  }),
  readTargetRequired: entry(ERROR_CODES.readTargetRequired, {
    en: 'Give exactly one of id, ids or all=true',
    zh: '请只提供 id、ids 或 all=true 中的一项',
    es: 'Indique exactamente uno de id, ids o all=true',
    ja: 'id、ids、all=true のいずれか 1 つだけを指定してください',
  }),
  invalidUpgradeTime: entry(ERROR_CODES.invalidUpgradeTime, {
    en: 'Upgrade time must be a date like 2026-11-21',
    zh: '升级时间须为日期，例如 2026-11-21',
    es: 'La fecha de actualización debe ser una fecha como 2026-11-21',
    ja: 'アップグレード日は 2026-11-21 のような日付で指定してください',
  }),
  invalidAvatar: entry(ERROR_CODES.invalidAvatar, {
    en: 'Avatar must be empty, an http(s) address or a path starting with /',
    zh: '头像须为空、http(s) 地址或以 / 开头的路径',
    es: 'El avatar debe estar vacío, ser una dirección http(s) o una ruta que empiece por /',
    ja: 'アバターは空、http(s) のアドレス、または / で始まるパスにしてください',
  }),
  departmentOutOfScope: entry(ERROR_CODES.departmentOutOfScope, {
    en: 'You cannot send to some of these departments',
    zh: '您无权向其中部分部门发送',
    es: 'No puede enviar a algunos de estos departamentos',
    ja: '一部の部署には送信できません',
  }),
  // Content (issue 4).
  contentStale: entry(ERROR_CODES.contentStale, {
    en: '{{name}} saved this content at {{time}}. Reload it to see their changes; your text stays in your local draft',
    zh: '{{name}} 已于 {{time}} 保存此内容。请重新加载查看其修改；您的文字仍保留在本地草稿中',
    es: '{{name}} guardó este contenido a las {{time}}. Recárguelo para ver sus cambios; su texto sigue en su borrador local',
    ja: '{{name}} が {{time}} にこのコンテンツを保存しました。再読み込みして変更を確認してください。入力内容はローカルの下書きに残っています',
  }),
  invalidRichText: entry(ERROR_CODES.invalidRichText, {
    en: 'The body is not a valid document',
    zh: '正文不是有效的文档',
    es: 'El cuerpo no es un documento válido',
    ja: '本文が有効な文書ではありません',
  }),
  contentNotRestorable: entry(ERROR_CODES.contentNotRestorable, {
    en: 'This content was deleted more than {{days}} days ago and can no longer be restored',
    zh: '此内容删除已超过 {{days}} 天，无法再恢复',
    es: 'Este contenido se eliminó hace más de {{days}} días y ya no se puede restaurar',
    ja: 'このコンテンツは削除から {{days}} 日以上経過しているため、復元できません',
  }),
  departmentNotAllowed: entry(ERROR_CODES.departmentNotAllowed, {
    en: 'You cannot place content in this department',
    zh: '您无法将内容放入此部门',
    es: 'No puede colocar contenido en este departamento',
    ja: 'この部署にはコンテンツを置けません',
  }),
  materialNotAvailable: entry(ERROR_CODES.materialNotAvailable, {
    en: 'Some of the chosen materials no longer exist or are outside your departments',
    zh: '所选素材中有些已不存在或不在您的部门范围内',
    es: 'Algunos de los materiales elegidos ya no existen o están fuera de sus departamentos',
    ja: '選択した素材の一部は存在しないか、あなたの部署の範囲外です',
  }),
  coverNotImage: entry(ERROR_CODES.coverNotImage, {
    en: 'The cover must be an image',
    zh: '封面必须是图片',
    es: 'La portada debe ser una imagen',
    ja: 'カバーは画像である必要があります',
  }),
  // Upload quotas (issue 10): what one user may have unfinished at once.
  uploadsOpenLimit: entry(ERROR_CODES.uploadsOpenLimit, {
    en: 'You already have {{max}} unfinished uploads, the most allowed at once: let one finish or cancel one, then try again',
    zh: '您已有 {{max}} 个未完成的上传，已达同时允许的上限：请等其中一个完成或取消一个后再试',
    es: 'Ya tiene {{max}} subidas sin terminar, el máximo permitido a la vez: deje que termine una o cancele una y vuelva a intentarlo',
    ja: '未完了のアップロードがすでに {{max}} 件あり、同時に許可される上限です。いずれかの完了を待つか取り消してから、もう一度お試しください',
  }),
  uploadsBytesLimit: entry(ERROR_CODES.uploadsBytesLimit, {
    en: 'Your unfinished uploads would come to more than {{max}}, the most allowed at once: let some finish or cancel some, then try again',
    zh: '您未完成的上传总量将超过 {{max}}，即同时允许的上限：请等部分上传完成或取消部分上传后再试',
    es: 'Sus subidas sin terminar superarían {{max}}, el máximo permitido a la vez: deje que terminen algunas o cancele algunas y vuelva a intentarlo',
    ja: '未完了のアップロードの合計が、同時に許可される上限の {{max}} を超えてしまいます。いくつかの完了を待つか取り消してから、もう一度お試しください',
  }),
  // Media library (issue 4).
  accountTaken: entry(ERROR_CODES.accountTaken, {
    en: 'This account is already taken',
    zh: '该账号已被使用',
    es: 'Esta cuenta ya está en uso',
    ja: 'このアカウントはすでに使われています',
  }),
  notOnYourself: entry(ERROR_CODES.notOnYourself, {
    en: 'You cannot disable or delete your own account',
    zh: '不能停用或删除自己的账号',
    es: 'No puede desactivar ni eliminar su propia cuenta',
    ja: '自分のアカウントは無効化も削除もできません',
  }),
  lastAdministrator: entry(ERROR_CODES.lastAdministrator, {
    en: 'At least one active administrator must remain',
    zh: '必须保留至少一个启用的管理员',
    es: 'Debe quedar al menos un administrador activo',
    ja: '有効な管理者を少なくとも 1 人残す必要があります',
  }),
  roleUnknown: entry(ERROR_CODES.roleUnknown, {
    en: 'Unknown role',
    zh: '角色不存在',
    es: 'Rol desconocido',
    ja: '存在しないロールです',
  }),
  userDepartmentNotAllowed: entry(ERROR_CODES.userDepartmentNotAllowed, {
    en: 'You cannot place users in this department',
    zh: '您无法将用户放入此部门',
    es: 'No puede colocar usuarios en este departamento',
    ja: 'この部署にはユーザーを置けません',
  }),
  /** LDAP_URL is set and the directory server did not answer (or refused the service account). */
  directoryUnavailable: entry(ERROR_CODES.directoryUnavailable, {
    en: 'The company directory cannot be reached, please try again later or contact the administrator',
    zh: '无法连接公司目录，请稍后重试或联系管理员',
    es: 'No se puede acceder al directorio de la empresa, inténtelo más tarde o contacte con el administrador',
    ja: '社内ディレクトリに接続できません。しばらくしてから再試行するか、管理者に連絡してください',
  }),
  /** LDAP_PASSWORD_CHECK: passwords are the directory's; Postdeck cannot change them. */
  passwordManagedByDirectory: entry(ERROR_CODES.passwordManagedByDirectory, {
    en: 'Your password is managed by the company directory: change it there',
    zh: '您的密码由公司目录管理，请在那里修改',
    es: 'Su contraseña la gestiona el directorio de la empresa: cámbiela allí',
    ja: 'パスワードは社内ディレクトリで管理されています。そちらで変更してください',
  }),
  /** Acting on a user follows the rule of granting a role: their roles together, against the caller's. */
  userBeyondYours: entry(ERROR_CODES.userBeyondYours, {
    en: "This user's roles grant more than yours: only someone who holds at least as much can change, disable, delete them or set their password",
    zh: '该用户的角色权限多于您：只有拥有至少同等权限的人才能修改、停用、删除该用户或设置其密码',
    es: 'Los roles de este usuario conceden más que los suyos: solo alguien que tenga al menos lo mismo puede modificarlo, desactivarlo, eliminarlo o fijar su contraseña',
    ja: 'このユーザーのロールはあなたより多くの権限を持っています。同等以上の権限を持つ人だけが変更・無効化・削除・パスワード設定を行えます',
  }),
  departmentNotEmpty: entry(ERROR_CODES.departmentNotEmpty, {
    en: 'Only an empty department can be deleted: move its sub-departments, users, contents and materials first',
    zh: '只能删除空部门：请先移走其下级部门、用户、内容和素材',
    es: 'Solo se puede eliminar un departamento vacío: traslade antes sus subdepartamentos, usuarios, contenidos y materiales',
    ja: '削除できるのは空の部署だけです。先に下位部署・ユーザー・コンテンツ・素材を移してください',
  }),
  departmentNameTaken: entry(ERROR_CODES.departmentNameTaken, {
    en: 'A department with this name already exists here',
    zh: '此处已有同名部门',
    es: 'Ya existe aquí un departamento con este nombre',
    ja: 'ここには同じ名前の部署がすでにあります',
  }),
  departmentCycle: entry(ERROR_CODES.departmentCycle, {
    en: 'A department cannot move under itself or one of its sub-departments',
    zh: '部门不能移到自身或其下级部门之下',
    es: 'Un departamento no puede moverse bajo sí mismo ni bajo uno de sus subdepartamentos',
    ja: '部署を自身またはその下位部署の下には移動できません',
  }),
  departmentNotManaged: entry(ERROR_CODES.departmentNotManaged, {
    en: 'This department is outside the departments you manage',
    zh: '该部门不在您管理的范围内',
    es: 'Este departamento está fuera de los que usted administra',
    ja: 'この部署はあなたが管理する範囲外です',
  }),
  roleCodeTaken: entry(ERROR_CODES.roleCodeTaken, {
    en: 'A role with this code already exists',
    zh: '已存在使用此编码的角色',
    es: 'Ya existe un rol con este código',
    ja: 'このコードのロールは既に存在します',
  }),
  roleInUse: entry(ERROR_CODES.roleInUse, {
    en: 'Only a role that no user holds can be deleted: take it from its users first',
    zh: '只能删除没有用户的角色：请先从其用户中移除',
    es: 'Solo se puede eliminar un rol que no tenga ningún usuario: quíteselo antes a sus usuarios',
    ja: 'ユーザーがいないロールだけを削除できます。先にユーザーから外してください',
  }),
  roleBuiltIn: entry(ERROR_CODES.roleBuiltIn, {
    en: 'Built-in roles cannot be deleted, and the administrator role cannot be changed',
    zh: '内置角色不能删除，管理员角色不能修改',
    es: 'Los roles integrados no se pueden eliminar y el rol de administrador no se puede modificar',
    ja: '組み込みロールは削除できず、管理者ロールは変更できません',
  }),
  roleBeyondYours: entry(ERROR_CODES.roleBeyondYours, {
    en: 'A role cannot grant menus, actions or a data scope you do not have yourself',
    zh: '角色不能授予您自己没有的菜单、操作或数据范围',
    es: 'Un rol no puede conceder menús, acciones ni un ámbito de datos que usted no tenga',
    ja: '自分にないメニュー・操作・データ範囲をロールに付与することはできません',
  }),
  roleLastOfUser: entry(ERROR_CODES.roleLastOfUser, {
    en: 'Every user needs at least one role: give them another before taking this one',
    zh: '每个用户至少需要一个角色：请先授予其他角色再移除此角色',
    es: 'Cada usuario necesita al menos un rol: asígnele otro antes de quitarle este',
    ja: 'ユーザーには少なくとも 1 つのロールが必要です。別のロールを付与してから外してください',
  }),
  roleHeldOutside: entry(ERROR_CODES.roleHeldOutside, {
    en: 'Users outside the departments you manage hold this role: only an administrator of every department can change it',
    zh: '您管理范围以外的用户也拥有此角色：只有管理所有部门的管理员才能修改它',
    es: 'Usuarios fuera de los departamentos que usted administra tienen este rol: solo un administrador de todos los departamentos puede cambiarlo',
    ja: 'あなたが管理する部署以外のユーザーもこのロールを持っています。すべての部署の管理者だけが変更できます',
  }),
  roleOrganisationWide: entry(ERROR_CODES.roleOrganisationWide, {
    en: 'Built-in roles serve every department: only an administrator of every department can change them',
    zh: '内置角色供所有部门使用：只有管理所有部门的管理员才能修改',
    es: 'Los roles integrados sirven a todos los departamentos: solo un administrador de todos los departamentos puede modificarlos',
    ja: '組み込みロールはすべての部署で使われます。すべての部署の管理者だけが変更できます',
  }),
  roleHolderBeyondYours: entry(ERROR_CODES.roleHolderBeyondYours, {
    en: 'Someone who holds this role has more rights than you: only someone who holds at least as much can change it',
    zh: '拥有此角色的某位用户权限多于您：只有拥有至少同等权限的人才能修改此角色',
    es: 'Alguien que tiene este rol dispone de más permisos que usted: solo alguien que tenga al menos lo mismo puede modificarlo',
    ja: 'このロールを持つユーザーの中にあなたより多くの権限を持つ人がいます。同等以上の権限を持つ人だけが変更できます',
  }),
  menuNotEmpty: entry(ERROR_CODES.menuNotEmpty, {
    en: 'Only an entry without sub-entries can be deleted',
    zh: '只能删除没有下级项的菜单项',
    es: 'Solo se puede eliminar una entrada sin subentradas',
    ja: '下位項目のない項目だけを削除できます',
  }),
  menuBuiltIn: entry(ERROR_CODES.menuBuiltIn, {
    en: 'Built-in menu entries cannot be deleted; hide them instead',
    zh: '内置菜单项不能删除，可以将其隐藏',
    es: 'Las entradas de menú integradas no se pueden eliminar; ocúltelas',
    ja: '組み込みのメニュー項目は削除できません。非表示にしてください',
  }),
  menuParentInvalid: entry(ERROR_CODES.menuParentInvalid, {
    en: 'This parent is not allowed: an entry cannot go under itself, below its own sub-entries or under an action',
    zh: '不允许的上级：菜单项不能放在自身、其下级项或操作之下',
    es: 'Este padre no está permitido: una entrada no puede ir bajo sí misma, bajo sus subentradas ni bajo una acción',
    ja: 'この親は指定できません。項目は自身・自身の下位項目・操作の下には置けません',
  }),
  materialInUse: entry(ERROR_CODES.materialInUse, {
    en: 'This material is used by {{count}} content(s); remove it from them first',
    zh: '此素材正被 {{count}} 个内容使用，请先从中移除',
    es: 'Este material lo usan {{count}} contenido(s); quítelo de ellos primero',
    ja: 'この素材は {{count}} 件のコンテンツで使われています。先にそれらから外してください',
  }),
  materialTypeRefused: entry(ERROR_CODES.materialTypeRefused, {
    en: 'Only JPEG, PNG, WebP and GIF images and MP4, MOV and WebM videos can be added',
    zh: '只能添加 JPEG、PNG、WebP、GIF 图片和 MP4、MOV、WebM 视频',
    es: 'Solo se pueden añadir imágenes JPEG, PNG, WebP y GIF y vídeos MP4, MOV y WebM',
    ja: '追加できるのは JPEG、PNG、WebP、GIF 画像と MP4、MOV、WebM 動画のみです',
  }),
  materialTooLarge: entry(ERROR_CODES.materialTooLarge, {
    en: 'This file is larger than the {{max}} allowed for this kind of file',
    zh: '此文件超过了该类文件允许的 {{max}}',
    es: 'Este archivo supera los {{max}} permitidos para este tipo de archivo',
    ja: 'このファイルは、この種類のファイルに許可された {{max}} を超えています',
  }),
  uploadUnknown: entry(ERROR_CODES.uploadUnknown, {
    en: 'This upload is unknown or not finished',
    zh: '此上传不存在或尚未完成',
    es: 'Esta subida no existe o no ha terminado',
    ja: 'このアップロードは存在しないか、まだ完了していません',
  }),
  urlRefused: entry(ERROR_CODES.urlRefused, {
    en: 'Only public http and https addresses can be imported',
    zh: '只能导入公开的 http 和 https 地址',
    es: 'Solo se pueden importar direcciones http y https públicas',
    ja: 'インポートできるのは公開された http / https アドレスのみです',
  }),
  urlFetchFailed: entry(ERROR_CODES.urlFetchFailed, {
    en: 'The address could not be fetched',
    zh: '无法获取该地址',
    es: 'No se pudo obtener la dirección',
    ja: 'アドレスを取得できませんでした',
  }),
  connectionExpired: entry(ERROR_CODES.connectionExpired, {
    en: 'This connection took longer than ten minutes. Start again from Connect',
    zh: '此次连接已超过十分钟，请从“连接”重新开始',
    es: 'Esta conexión ha tardado más de diez minutos. Empiece de nuevo desde Conectar',
    ja: 'この接続は 10 分を超えました。「接続」からやり直してください',
  }),
  connectionUsed: entry(ERROR_CODES.connectionUsed, {
    en: 'This sign-in answer was already used. Start again from Connect',
    zh: '此授权回应已被使用，请从“连接”重新开始',
    es: 'Esta respuesta de inicio de sesión ya se usó. Empiece de nuevo desde Conectar',
    ja: 'この認可の応答はすでに使用されています。「接続」からやり直してください',
  }),
  connectionUnknown: entry(ERROR_CODES.connectionUnknown, {
    en: 'This sign-in answer was not started from your session. Start again from Connect',
    zh: '此授权回应并非由您的会话发起，请从“连接”重新开始',
    es: 'Esta respuesta de inicio de sesión no se inició desde su sesión. Empiece de nuevo desde Conectar',
    ja: 'この認可の応答はあなたのセッションから開始されたものではありません。「接続」からやり直してください',
  }),
  consentDenied: entry(ERROR_CODES.consentDenied, {
    en: '{{platform}} access was not granted, so nothing was connected',
    zh: '未获得 {{platform}} 的授权，因此没有连接任何账号',
    es: 'No se concedió el acceso a {{platform}}, así que no se conectó nada',
    ja: '{{platform}} へのアクセスが許可されなかったため、何も接続されていません',
  }),
  scopesMissing: entry(ERROR_CODES.scopesMissing, {
    en: '{{platform}} did not grant every permission Postdeck needs ({{scopes}}). Connect again and keep them all ticked',
    zh: '{{platform}} 未授予 Postdeck 所需的全部权限（{{scopes}}）。请重新连接并保持全部勾选',
    es: '{{platform}} no concedió todos los permisos que Postdeck necesita ({{scopes}}). Conecte de nuevo y déjelos todos marcados',
    ja: '{{platform}} で Postdeck に必要な権限（{{scopes}}）がすべて許可されませんでした。すべてにチェックを付けたまま再接続してください',
  }),
  noTargets: entry(ERROR_CODES.noTargets, {
    en: 'This {{platform}} sign-in reaches nothing Postdeck can publish to',
    zh: '此 {{platform}} 授权下没有 Postdeck 可以发布的对象',
    es: 'Este inicio de sesión de {{platform}} no alcanza nada donde Postdeck pueda publicar',
    ja: 'この {{platform}} の認可では、Postdeck が投稿できる対象がありません',
  }),
  platformUnavailable: entry(ERROR_CODES.platformUnavailable, {
    en: '{{platform}} is not set up on this server: its app credentials are not configured',
    zh: '此服务器未配置 {{platform}} 的应用凭据',
    es: '{{platform}} no está configurado en este servidor: faltan las credenciales de su aplicación',
    ja: 'このサーバーでは {{platform}} のアプリ資格情報が設定されていません',
  }),
  platformRefused: entry(ERROR_CODES.platformRefused, {
    en: '{{platform}} refused: {{reason}}',
    zh: '{{platform}} 拒绝了请求：{{reason}}',
    es: '{{platform}} lo rechazó: {{reason}}',
    ja: '{{platform}} に拒否されました: {{reason}}',
  }),
  platformUnreachable: entry(ERROR_CODES.platformUnreachable, {
    en: '{{platform}} could not be reached or did not answer. Try again in a moment',
    zh: '无法连接 {{platform}} 或其未响应，请稍后重试',
    es: 'No se pudo contactar con {{platform}} o no respondió. Inténtelo de nuevo en un momento',
    ja: '{{platform}} に接続できないか、応答がありません。しばらくしてから再試行してください',
  }),
  telegramBotInvalid: entry(ERROR_CODES.telegramBotInvalid, {
    en: 'Telegram does not know this bot token',
    zh: 'Telegram 无法识别此机器人令牌',
    es: 'Telegram no reconoce este token de bot',
    ja: 'Telegram はこのボットトークンを認識できません',
  }),
  telegramChannelNotFound: entry(ERROR_CODES.telegramChannelNotFound, {
    en: 'The bot cannot see this channel: check the name, and add the bot to the channel',
    zh: '机器人看不到此频道：请检查名称，并将机器人加入频道',
    es: 'El bot no ve este canal: compruebe el nombre y añada el bot al canal',
    ja: 'ボットがこのチャンネルを参照できません。名前を確認し、ボットをチャンネルに追加してください',
  }),
  telegramBotNotAdmin: entry(ERROR_CODES.telegramBotNotAdmin, {
    en: 'The bot must be an administrator of the channel allowed to post messages',
    zh: '机器人必须是该频道的管理员并拥有发布消息的权限',
    es: 'El bot debe ser administrador del canal con permiso para publicar mensajes',
    ja: 'ボットはメッセージの投稿が許可されたチャンネル管理者である必要があります',
  }),
  blueskyLoginFailed: entry(ERROR_CODES.blueskyLoginFailed, {
    en: 'Bluesky did not accept this handle and app password',
    zh: 'Bluesky 未接受此用户名和应用密码',
    es: 'Bluesky no aceptó este usuario y contraseña de aplicación',
    ja: 'Bluesky でこのハンドルとアプリパスワードが受け付けられませんでした',
  }),
  instanceInvalid: entry(ERROR_CODES.instanceInvalid, {
    en: 'This is not the address of a Mastodon server that answers',
    zh: '这不是一个可响应的 Mastodon 服务器地址',
    es: 'No es la dirección de un servidor de Mastodon que responda',
    ja: '応答する Mastodon サーバーのアドレスではありません',
  }),
  accountReleased: entry(ERROR_CODES.accountReleased, {
    en: 'This account is already released',
    zh: '该账号已解除连接',
    es: 'Esta cuenta ya está desvinculada',
    ja: 'このアカウントはすでに連携解除されています',
  }),
  connectKindMismatch: entry(ERROR_CODES.connectKindMismatch, {
    en: '{{platform}} is not connected this way',
    zh: '{{platform}} 不使用这种方式连接',
    es: '{{platform}} no se conecta de esta manera',
    ja: '{{platform}} はこの方法では接続しません',
  }),
  accountPlatformMismatch: entry(ERROR_CODES.accountPlatformMismatch, {
    en: 'This is a {{platform}} account, not a {{expected}} one: nothing was released',
    zh: '这是 {{platform}} 账号，不是 {{expected}} 账号：未解除任何连接',
    es: 'Esta es una cuenta de {{platform}}, no de {{expected}}: no se desvinculó nada',
    ja: 'これは {{expected}} ではなく {{platform}} のアカウントです。連携解除は行われていません',
  }),
  accountInOtherDepartment: entry(ERROR_CODES.accountInOtherDepartment, {
    en: '"{{name}}" is connected in another department: nothing was saved. An administrator over both departments can move it, or that department can release it first',
    zh: '"{{name}}" 已在其他部门连接：未保存任何内容。可由同时管理两个部门的管理员移动它，或由该部门先解除连接',
    es: '"{{name}}" está conectada en otro departamento: no se guardó nada. Un administrador de ambos departamentos puede moverla, o ese departamento puede desvincularla antes',
    ja: '「{{name}}」は別の部署で連携されています。何も保存されていません。両方の部署を管理する管理者が移動するか、その部署が先に連携解除してください',
  }),
  callbackIncomplete: entry(ERROR_CODES.callbackIncomplete, {
    en: '{{platform}} sent the browser back without {{field}}: start the connection again',
    zh: '{{platform}} 返回时缺少 {{field}}：请重新开始连接',
    es: '{{platform}} devolvió el navegador sin {{field}}: empiece la conexión de nuevo',
    ja: '{{platform}} からの戻りに {{field}} がありません。接続をやり直してください',
  }),
  moveNotAllowed: entry(ERROR_CODES.moveNotAllowed, {
    en: 'The account is in that department already',
    zh: '该账号已在此部门',
    es: 'La cuenta ya está en ese departamento',
    ja: 'このアカウントはすでにその部署にあります',
  }),
  platformAddressRefused: entry(ERROR_CODES.platformAddressRefused, {
    en: '{{platform}}: the address to reach is on a private or local network, which Postdeck does not call. Nothing was sent there',
    zh: '{{platform}}：要访问的地址位于私有或本地网络，Postdeck 不会访问。未向其发送任何内容',
    es: '{{platform}}: la dirección está en una red privada o local, a la que Postdeck no llama. No se envió nada allí',
    ja: '{{platform}}：接続先のアドレスはプライベートまたはローカルのネットワーク上にあり、Postdeck は接続しません。何も送信されていません',
  }),
  publishInPast: entry(ERROR_CODES.publishInPast, {
    en: 'This time has passed: choose a time to come, or publish now',
    zh: '该时间已过：请选择将来的时间，或立即发布',
    es: 'Esa hora ya pasó: elija una hora futura o publique ahora',
    ja: 'この時刻は過ぎています。これからの時刻を選ぶか、今すぐ公開してください',
  }),
  publishAccountUnavailable: entry(ERROR_CODES.publishAccountUnavailable, {
    en: 'This account cannot take publications now: it is released or must be connected again',
    zh: '此账号当前无法发布：已解除连接或需要重新连接',
    es: 'Esta cuenta no puede recibir publicaciones ahora: está desvinculada o hay que volver a conectarla',
    ja: 'このアカウントには現在公開できません。連携解除されているか、再接続が必要です',
  }),
  publishPreflight: entry(ERROR_CODES.publishPreflight, {
    en: 'Some posts would be refused by their platform: nothing was published',
    zh: '部分帖子会被平台拒绝：未发布任何内容',
    es: 'Algunas publicaciones serían rechazadas por su plataforma: no se publicó nada',
    ja: '一部の投稿はプラットフォームに拒否されます。何も公開されていません',
  }),
  publicationSending: entry(ERROR_CODES.publicationSending, {
    en: 'It is being sent right now and can no longer be cancelled; once sent, it can be withdrawn',
    zh: '正在发送，无法取消；发送完成后可以撤回',
    es: 'Se está enviando ahora y ya no se puede cancelar; una vez enviada, se puede retirar',
    ja: '現在送信中のため取り消せません。送信後に取り下げできます',
  }),
  publicationNotUnconfirmed: entry(ERROR_CODES.publicationNotUnconfirmed, {
    en: 'This publication is not waiting to be settled any more',
    zh: '此发布已无需确认',
    es: 'Esta publicación ya no está pendiente de confirmar',
    ja: 'この公開はもう確認待ちではありません',
  }),
  publicationLinkMismatch: entry(ERROR_CODES.publicationLinkMismatch, {
    en: 'This link is not a post of {{account}} on {{platform}}',
    zh: '此链接不是 {{account}} 在 {{platform}} 上的帖子',
    es: 'Este enlace no es una publicación de {{account}} en {{platform}}',
    ja: 'このリンクは {{platform}} の {{account}} の投稿ではありません',
  }),
  publicationNotEditable: entry(ERROR_CODES.publicationNotEditable, {
    en: 'It has gone out, and {{platform}} does not let Postdeck edit a post: withdraw it and publish again',
    zh: '已经发出，且 {{platform}} 不允许 Postdeck 编辑帖子：请撤回后重新发布',
    es: 'Ya se publicó y {{platform}} no deja a Postdeck editar una publicación: retírela y publique de nuevo',
    ja: 'すでに公開済みで、{{platform}} では Postdeck から投稿を編集できません。取り下げてから公開し直してください',
  }),
  publishingPaused: entry(ERROR_CODES.publishingPaused, {
    en: 'Publishing is already paused here: resume that pause first to give another reason',
    zh: '此处的发布已暂停：如需更换原因，请先恢复该暂停',
    es: 'La publicación ya está en pausa aquí: reanude esa pausa antes de dar otro motivo',
    ja: 'ここではすでに公開が一時停止されています。別の理由にするには、先にその一時停止を再開してください',
  }),
  pauseNotActive: entry(ERROR_CODES.pauseNotActive, {
    en: 'This pause has already been lifted',
    zh: '此暂停已被解除',
    es: 'Esta pausa ya se levantó',
    ja: 'この一時停止はすでに解除されています',
  }),
  publicationNotPublished: entry(ERROR_CODES.publicationNotPublished, {
    en: 'This publication is not on its platform now: there is nothing to withdraw',
    zh: '此发布当前不在平台上：没有可撤回的内容',
    es: 'Esta publicación no está ahora en su plataforma: no hay nada que retirar',
    ja: 'この公開は現在プラットフォーム上にありません。取り下げるものはありません',
  }),
  withdrawNoteNeedsOne: entry(ERROR_CODES.withdrawNoteNeedsOne, {
    en: "Mark one account's post as withdrawn at a time, not a whole publication",
    zh: '请逐个账号标记帖子已撤回，而不是整个发布',
    es: 'Marque como retirada la publicación de una cuenta cada vez, no una publicación entera',
    ja: '取り下げ済みの印は、公開全体ではなくアカウントの投稿ごとに付けてください',
  }),
  publicationPausedHere: entry(ERROR_CODES.publicationPausedHere, {
    en: 'Publishing to {{account}} is paused ({{reason}}): it can be moved once publishing resumes',
    zh: '{{account}} 的发布已暂停（{{reason}}）：恢复发布后才能调整时间',
    es: 'La publicación en {{account}} está en pausa ({{reason}}): podrá moverse cuando se reanude',
    ja: '{{account}} への公開は一時停止中です（{{reason}}）。再開後に時刻を変更できます',
  }),
  publishImportExpired: entry(ERROR_CODES.publishImportExpired, {
    en: 'This preview has expired or was already confirmed: read the file again',
    zh: '此预览已过期或已确认：请重新读取文件',
    es: 'Esta vista previa caducó o ya se confirmó: vuelva a leer el archivo',
    ja: 'このプレビューは期限切れか、すでに確定済みです。ファイルをもう一度読み込んでください',
  }),
  publishImportInvalid: entry(ERROR_CODES.publishImportInvalid, {
    en: 'Some rows have problems: fix them in the file and read it again; nothing was scheduled',
    zh: '部分行有问题：请在文件中修正后重新读取；未安排任何发布',
    es: 'Algunas filas tienen problemas: corríjalas en el archivo y vuelva a leerlo; no se programó nada',
    ja: '一部の行に問題があります。ファイルを修正して読み込み直してください。何も予約されていません',
  }),
  publishExportTooLarge: entry(ERROR_CODES.publishExportTooLarge, {
    en: 'More than {{max}} rows match: narrow the filters to export them',
    zh: '匹配的行超过 {{max}} 行：请缩小筛选范围后再导出',
    es: 'Coinciden más de {{max}} filas: acote los filtros para exportarlas',
    ja: '一致する行が {{max}} 行を超えています。絞り込んでからエクスポートしてください',
  }),
  forbidden: entry(ERROR_CODES.forbidden, {
    en: 'You have no permission to access, please contact the administrator',
    zh: '您没有访问权限，请联系管理员',
    es: 'No tiene permiso de acceso, contacte con el administrador',
    ja: 'アクセス権限がありません。管理者に連絡してください',
  }),
  notFound: entry(ERROR_CODES.notFound, {
    en: 'Not found',
    zh: '未找到',
    es: 'No encontrado',
    ja: '見つかりません',
  }),
  conflict: entry(ERROR_CODES.conflict, {
    en: 'The data was changed by someone else',
    zh: '数据已被他人修改',
    es: 'Otra persona ha cambiado los datos',
    ja: 'データは他のユーザーによって変更されました',
  }),
  payloadTooLarge: entry(ERROR_CODES.payloadTooLarge, {
    en: 'The request is too large',
    zh: '请求内容过大',
    es: 'La solicitud es demasiado grande',
    ja: 'リクエストが大きすぎます',
  }),
  unsupportedMediaType: entry(ERROR_CODES.unsupportedMediaType, {
    en: 'The request body must be JSON',
    zh: '请求体必须是 JSON',
    es: 'El cuerpo de la solicitud debe ser JSON',
    ja: 'リクエスト本文は JSON である必要があります',
  }),
  tooManyRequests: entry(ERROR_CODES.tooManyRequests, {
    en: 'Too many failed attempts, please try again in {{minutes}} min',
    zh: '失败次数过多，请在 {{minutes}} 分钟后重试',
    es: 'Demasiados intentos fallidos, inténtelo de nuevo en {{minutes}} min',
    ja: '失敗が多すぎます。{{minutes}} 分後に再試行してください',
  }),
  internal: entry(ERROR_CODES.internal, {
    en: 'Internal error (request {{requestId}})',
    zh: '内部错误（请求 {{requestId}}）',
    es: 'Error interno (solicitud {{requestId}})',
    ja: '内部エラー（リクエスト {{requestId}}）',
  }),
  unavailable: entry(ERROR_CODES.unavailable, {
    en: 'The server is shutting down, please retry in a moment',
    zh: '服务器正在关闭，请稍后重试',
    es: 'El servidor se está deteniendo, inténtelo en un momento',
    ja: 'サーバーを停止しています。しばらくしてから再試行してください',
  }),
} as const satisfies Record<keyof typeof ERROR_CODES, CatalogueEntry>;

export type ErrorKey = keyof typeof ERRORS;

const byCode = new Map<number, CatalogueEntry>(Object.values(ERRORS).map((e) => [e.code, e]));

/** The catalogue's sentence for a code in a language, if the code is in the catalogue. */
export function messageForCode(code: number, language: Language): string | undefined {
  return byCode.get(code)?.msg[language];
}

/** Fills `{{name}}` placeholders. */
export function interpolate(text: string, params: Record<string, string | number> = {}): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
