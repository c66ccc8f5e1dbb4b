import type { PublishingMessages } from './en';
import { esLive } from './live';
import { preflightTexts } from './preflight';

export const esPublishing: PublishingMessages = {
  open: 'Publicar',
  title: 'Publicar «{{title}}»',
  loadFailed: 'No se pudieron cargar las cuentas',
  accounts: {
    heading: 'Cuentas',
    search: 'Buscar cuentas por nombre o usuario',
    selected: 'Seleccionadas: {{count}}',
    noMatch: 'Ninguna cuenta coincide con «{{search}}»',
    empty: 'Todavía no hay ninguna cuenta de canal en la que publicar',
    emptyHint: 'Conecte cuentas en la página de cuentas de canal y vuelva aquí para publicar.',
    toChannels: 'Ir a las cuentas de canal',
    unavailable: {
      released: 'Desvinculada: vuelva a conectarla para publicar en ella',
      reauthorize: 'Necesita una nueva autorización: vuelva a conectarla en la página de cuentas de canal',
    },
    paused: {
      all: 'La publicación está en pausa en todas partes: {{reason}}. Lo que se envíe aquí espera hasta que se reanude.',
      department:
        'La publicación está en pausa en su departamento: {{reason}}. Lo que se envíe aquí espera hasta que se reanude.',
      account:
        'La publicación está en pausa en esta cuenta: {{reason}}. Lo que se envíe aquí espera hasta que se reanude.',
      summary:
        'Cuentas elegidas con la publicación en pausa: {{count}}. Sus publicaciones esperan hasta que se reanude.',
    },
  },
  posts: {
    heading: 'Publicaciones',
    none: 'Marque las cuentas en las que publicar: aquí podrá ajustar la publicación de cada una.',
    problems: 'Por corregir: {{count}}',
    warnings: 'Avisos: {{count}}',
  },
  fields: {
    accountId: 'Cuenta',
    text: 'Texto',
    media: 'Multimedia',
    options: 'Opciones',
  },
  variant: {
    reset: 'Usar el texto del contenido',
    ownText: 'Texto propio',
    counter: 'Longitud según cuenta {{platform}}: {{length}} de {{max}}',
  },
  options: {
    title: 'Título',
    privacy: 'Quién puede verlo',
    categoryId: 'Categoría',
    tags: 'Etiquetas',
    tagsPlaceholder: 'Escriba una etiqueta y pulse Intro',
    audience: 'Audiencia (lugares)',
    audienceHint: 'Solo las personas de estos lugares verán la publicación. Déjelo vacío para todo el mundo.',
    signed: 'Firmar con el nombre del autor',
    fromGroup: 'Publicar como la comunidad',
    silent: 'Enviar en silencio (los suscriptores no oyen aviso)',
    linkPreview: 'Desactivar la vista previa de enlaces',
    replySettings: 'Quién puede responder',
    visibility: 'Quién puede verla',
    platformDefault: 'El valor predeterminado de la plataforma',
    disableComment: 'Permitir comentarios',
    disableDuet: 'Permitir Dúo',
    disableStitch: 'Permitir Pegar',
    disclose: 'Divulgación del contenido',
    brandContent: 'Contenido de marca',
    brandOrganic: 'Tu marca',
  },
  audienceSearch: {
    placeholder: 'Todo el mundo: busque un país, una región o una ciudad',
    typeToSearch: 'Escriba el nombre de un país, una región o una ciudad',
    searching: 'Buscando…',
    noMatch: 'Ningún lugar coincide con «{{q}}»',
    full: 'Como máximo {{max}} lugares: quite uno para añadir otro.',
    failedShort: 'La búsqueda falló',
    failed: 'No se pudieron buscar lugares. {{reason}}.',
    failedReconnect:
      'No se pudieron buscar lugares. {{reason}}. Si la conexión de la cuenta ha caducado, vuelva a conectarla en la página de cuentas de canal.',
    types: { country: 'país', region: 'región', city: 'ciudad' },
  },
  youtube: {
    privacy: { public: 'Público', unlisted: 'No listado', private: 'Privado' },
    categories: {
      '1': 'Cine y animación',
      '2': 'Motor',
      '10': 'Música',
      '15': 'Mascotas y animales',
      '17': 'Deportes',
      '19': 'Viajes y eventos',
      '20': 'Videojuegos',
      '22': 'Gente y blogs',
      '23': 'Humor',
      '24': 'Entretenimiento',
      '25': 'Noticias y política',
      '26': 'Consejos y estilo',
      '27': 'Educación',
      '28': 'Ciencia y tecnología',
      '29': 'ONG y activismo',
    },
  },
  x: {
    replySettings: {
      everyone: 'Todos',
      following: 'Las cuentas que sigue',
      mentionedUsers: 'Solo las cuentas que menciona',
      subscribers: 'Sus suscriptores',
      verified: 'Cuentas verificadas',
    },
  },
  linkedin: {
    visibility: {
      PUBLIC: 'Cualquiera',
      CONNECTIONS: 'Solo contactos',
      LOGGED_IN: 'Miembros de LinkedIn con sesión iniciada',
    },
  },
  tiktok: {
    privacy: {
      PUBLIC_TO_EVERYONE: 'Todos',
      MUTUAL_FOLLOW_FRIENDS: 'Amigos',
      FOLLOWER_OF_CREATOR: 'Seguidores',
      SELF_ONLY: 'Solo yo',
    },
    privacyPlaceholder: 'Elija quién puede ver este vídeo',
    disclose: 'Divulgar el contenido del vídeo',
    discloseHint:
      'Actívalo para indicar que este vídeo promociona bienes o servicios a cambio de algo de valor. Tu vídeo puede promocionarte a ti, a un tercero o a ambos.',
    yourBrandHint:
      'Te estás promocionando a ti o a tu propio negocio. Este vídeo se clasificará como Brand Organic.',
    brandedHint:
      'Estás promocionando otra marca o a un tercero. Este vídeo se clasificará como Branded Content.',
    labelPromotional: 'Tu vídeo se etiquetará como «Contenido promocional»',
    labelPaid: 'Tu vídeo se etiquetará como «Colaboración pagada»',
    consentMusic: 'Al publicar, aceptas la Confirmación de uso de música de TikTok',
    consentBranded:
      'Al publicar, aceptas la Política de contenido de marca y la Confirmación de uso de música de TikTok',
    rules: {
      privacyRequired: 'Elija quién puede ver este vídeo',
      discloseWhich: 'Debes indicar si tu contenido te promociona a ti, a un tercero o a ambos',
      brandedPrivate: 'La visibilidad del contenido de marca no puede ser privada',
    },
  },
  preview: {
    label: 'Vista previa en {{platform}}',
    media: 'Imágenes: {{images}} · Vídeos: {{videos}}',
    noText: 'Sin texto',
  },
  schedule: {
    heading: 'Cuándo',
    now: 'Publicar ahora',
    later: 'Programar',
    at: 'Hora de publicación',
    placeholder: 'Elija una fecha y una hora',
    zone: 'Zona horaria: {{zone}}',
    past: 'Esa hora ya pasó: elija una hora futura o publique ahora',
    required: 'Elija cuándo publicar',
  },
  utm: {
    label: 'Etiquetar enlaces para analítica (UTM)',
    hint: 'Añade utm_source (la plataforma), utm_medium=social y utm_campaign (este contenido) a cada enlace, para que Google Analytics muestre las visitas que trae cada publicación. Las etiquetas que usted haya escrito se mantienen; los enlaces más largos cuentan para el límite de cada plataforma.',
  },
  blocking: {
    title: 'Corrija esto antes de publicar',
    item: '{{account}} ({{platform}}) · {{field}}: {{message}}',
  },
  actions: {
    publish: 'Publicar',
    schedule: 'Programar',
    cancel: 'Cancelar',
    close: 'Cerrar',
  },
  confirm: {
    now: '¿Publicar ahora?',
    later: '¿Programar para el {{time}} ({{zone}})?',
    accounts: 'Se publicará en estas cuentas ({{count}}):',
  },
  done: {
    queued: 'En cola para publicar: {{count}}',
    scheduled: 'Programadas: {{count}}',
    title: 'En camino',
    scheduledFor: 'Programada para el {{time}}',
  },
  statuses: {
    scheduled: 'Programada',
    queued: 'En cola',
    publishing: 'Publicando',
    published: 'Publicada',
    failed: 'Fallida',
    unconfirmed: 'Sin confirmar',
    held: 'Retenida',
    cancelled: 'Cancelada',
    withdrawn: 'Retirada',
  },
  preflight: preflightTexts('es'),
  live: esLive,
};
