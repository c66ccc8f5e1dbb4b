import type { ChannelMessages } from './en';

export const esChannels: ChannelMessages = {
  platform: 'Plataforma',
  department: 'Departamento',
  status: 'Estado',
  account: 'Cuenta',
  statuses: {
    active: 'Activa',
    expiring: 'Por caducar',
    reauthorize: 'Requiere nueva autorización',
    released: 'Desvinculada',
  },
  tokenExpiry: 'El token caduca',
  noExpiry: 'No caduca',
  lastSuccess: 'Último éxito',
  never: 'Nunca',
  failures7d: 'Fallos (7 días)',
  quotaLeft: 'Cuota restante',
  missingScopes: 'Permisos que faltan: {{scopes}}',
  actions: 'Acciones',
  reconnect: 'Reconectar',
  release: 'Desvincular',
  openProfile: 'Abrir el perfil de {{name}}',
  total: '{{count}} en total',
  loadFailed: 'No se pudieron cargar las cuentas de canal',
  empty: 'Todavía no hay ninguna cuenta de canal conectada',
  emptyHint:
    'Conecte una página de Facebook, un canal de YouTube, un canal de Telegram… para publicar en ellos.',
  noMatch: 'Ninguna cuenta coincide con estos filtros',
  filtersDropped: 'Se quitaron de la dirección filtros que esta lista no conoce: {{filters}}',
  sandbox: {
    title: 'Entorno de pruebas',
    description:
      'Las cuentas de aquí viven en servidores de prueba locales iniciados con Postdeck: nada de lo que conecte o publique llega a las plataformas reales.',
  },
  connect: {
    open: 'Conectar cuenta',
    first: 'Conectar la primera cuenta',
    title: 'Conectar una cuenta',
    platform: 'Plataforma',
    department: 'Departamento',
    departmentHint: 'El departamento al que pertenecerán las cuentas conectadas.',
    required: 'Obligatorio',
    unavailable: 'No está configurada en este servidor: faltan las credenciales de su aplicación.',
    continue: 'Continuar en {{platform}}',
    continueHint: 'Iniciará sesión en la propia página de {{platform}} y elegirá lo que Postdeck puede usar.',
    submit: 'Conectar',
    cancel: 'Cancelar',
    instance: 'Servidor de Mastodon',
    instanceHint: 'La dirección de su servidor, como mastodon.social',
    botToken: 'Token del bot',
    botTokenHint:
      'El token que dio BotFather; el bot debe ser administrador del canal con permiso para publicar.',
    channel: 'Canal',
    channelHint: '@usuario, o el id de un canal privado que empieza por -100',
    identifier: 'Usuario',
    identifierHint: 'Su usuario, como alice.bsky.social',
    appPassword: 'Contraseña de aplicación',
    appPasswordHint:
      'Creada en los ajustes de Bluesky, en Contraseñas de aplicación; nunca la contraseña de la cuenta.',
    useSandbox: 'Usar la cuenta de prueba del entorno de pruebas',
    useSandboxBot: 'Usar el bot de prueba del entorno de pruebas',
    useSandboxInstance: 'Usar el servidor de prueba del entorno de pruebas',
    connected: 'Cuentas conectadas: {{count}}',
    loadFailed: 'No se pudieron cargar las plataformas',
  },
  move: {
    action: 'Mover',
    title: 'Mover {{name}} a otro departamento',
    intro:
      'La cuenta está en {{department}}. Sus publicaciones e historial van con ella; los administradores del departamento que deja ya no la verán.',
    to: 'Nuevo departamento',
    submit: 'Mover',
    done: '{{name}} pertenece ahora a {{department}}',
  },
  authorize: {
    reading: 'Leyendo la respuesta de la plataforma…',
    title: 'Elija qué conectar en {{platform}}',
    intro:
      'Todas las cuentas a las que llega este inicio de sesión. Las marcadas pertenecerán al departamento {{department}}.',
    selectAll: 'Seleccionar todas',
    existing: 'Conectada en {{department}}, se renovará',
    released: 'Desvinculada en {{department}}, se conectará de nuevo aquí',
    elsewhere: 'Conectada en otro departamento: no le corresponde renovarla',
    elsewhereHelp:
      'Un administrador de ambos departamentos puede moverla desde la página de cuentas de canal, o ese departamento puede desvincularla antes.',
    oneChannel:
      '{{platform}} conecta un canal por inicio de sesión. Para añadir otro canal, conecte de nuevo y elíjalo en la página de {{platform}}.',
    missingScopes:
      '{{platform}} no concedió todos los permisos que pide Postdeck ({{scopes}}): puede que estas cuentas no funcionen del todo.',
    expiresAt: 'Elija antes de {{time}}.',
    submit: 'Conectar las seleccionadas',
    noneSelected: 'Marque al menos una cuenta.',
    failedTitle: 'No se conectó nada',
    noAnswer: 'Esta dirección se abrió sin una respuesta de ninguna plataforma.',
    toChannels: 'Volver a las cuentas de canal',
    connectAgain: 'Conectar de nuevo',
  },
  releasePage: {
    close: 'Cerrar',
    loadFailed: 'No se pudo cargar la cuenta',
    notFound: 'La cuenta no existe o está fuera de sus departamentos.',
    forbidden: 'No tiene permiso para ver esta cuenta.',
    noId: 'Esta página necesita la cuenta en su dirección (?id=).',
    title: 'Desvincular {{name}}',
    connection: 'Conexión',
    connectedAt: 'Conectada',
    connectedBy: 'Conectada por',
    sameGrant: 'Conectadas con el mismo inicio de sesión',
    scopes: 'Permisos concedidos',
    none: 'Ninguno',
    whatHappens: 'Qué hace desvincular',
    steps: {
      revoke:
        'Postdeck revoca su acceso en {{platform}} cuando ninguna otra cuenta conectada con el mismo inicio de sesión lo usa.',
      revokeShared:
        'Postdeck mantiene su acceso en {{platform}} mientras {{names}}, conectadas con el mismo inicio de sesión, lo sigan usando: se revoca con la última de ellas.',
      tokens: 'Se borran los tokens guardados: ya no se puede publicar nada en esta cuenta.',
      history: 'La cuenta sigue en la lista como desvinculada, con sus publicaciones y estadísticas.',
      held: 'Las publicaciones programadas en ella quedan retenidas y se avisa a sus autores.',
    },
    confirm: 'Lo entiendo: desvincular esta cuenta',
    submit: 'Desvincular',
    released: '{{name}} está desvinculada.',
    releasedAt: 'Desvinculada {{time}}',
    revoked: 'El acceso también se revocó en {{platform}}.',
    noRevokeCall: '{{platform}} no ofrece a Postdeck ninguna forma de devolver su acceso. {{manual}}',
    notRevoked: {
      sharedGrant:
        'Se mantuvo el acceso en {{platform}}: otras cuentas conectadas con el mismo inicio de sesión lo siguen usando. Se revoca al desvincular la última de ellas.',
      failed: '{{platform}} no confirmó que se revocara el acceso. {{manual}}',
      noGrant:
        'No había ningún acceso guardado para esta cuenta, así que no había nada que revocar en {{platform}}.',
    },
    manual: {
      facebook:
        'Para terminarlo también allí, quite Postdeck en Configuración › Integraciones comerciales de Facebook.',
      instagram:
        'Las cuentas de Instagram se conectan a través de Facebook: para terminarlo también allí, quite Postdeck en Configuración › Integraciones comerciales de Facebook.',
      youtube:
        'Para terminarlo usted mismo, quite Postdeck en Seguridad › Aplicaciones y servicios de terceros de la cuenta de Google.',
      ga4: 'Para terminarlo usted mismo, quite Postdeck en Seguridad › Aplicaciones y servicios de terceros de la cuenta de Google.',
      x: 'Para terminarlo usted mismo, quite Postdeck en Configuración › Seguridad y acceso a la cuenta › Aplicaciones y sesiones › Aplicaciones conectadas de X.',
      vk: 'Para terminarlo también allí, quite Postdeck en Servicios y sitios web de la cuenta de VK ID (id.vk.com).',
      telegram:
        'Para terminar el acceso del bot, quite el bot del canal o revoque su token con BotFather (/revoke).',
      linkedin:
        'Para terminarlo también allí, quite Postdeck en Configuración › Privacidad de datos › Servicios permitidos de LinkedIn.',
      mastodon:
        'Para terminarlo usted mismo, quite Postdeck en Preferencias › Cuenta › Aplicaciones autorizadas del servidor de Mastodon.',
      bluesky:
        'Para terminarlo también allí, borre la contraseña de aplicación que usó Postdeck en Ajustes › Privacidad y seguridad › Contraseñas de aplicación de Bluesky.',
      tiktok:
        'Para terminarlo también allí, quite Postdeck en Ajustes y privacidad › Seguridad y permisos › Aplicaciones y servicios de TikTok.',
    },
    wrongPlatform: 'Esta es una cuenta de {{platform}}, no de {{expected}}',
    wrongPlatformHint: 'Esta página solo desvincula cuentas de {{expected}}: aquí no se cambió nada.',
    toPlatformRelease: 'Abrir su página de desvinculación de {{platform}}',
    toPlatformAccounts: 'Desvincularla desde las cuentas de {{platform}}',
    held: 'Publicaciones programadas retenidas: {{count}}. Se avisó a sus autores.',
    noHeld: 'No había ninguna publicación programada en ella.',
    alreadyReleased: 'Esta cuenta está desvinculada.',
    toChannels: 'Volver a las cuentas de canal',
  },
};
