import type { PublishImportMessages } from './en';

export const esPublishImport: PublishImportMessages = {
  open: 'Programar desde un archivo',
  title: 'Programar publicaciones desde un archivo',
  intro:
    'Escriba una publicación por fila: título, texto, cuentas, hora con su zona horaria y medios. Parta de la plantilla; un archivo admite como máximo {{rows}} filas y {{size}}. No se programa nada hasta que confirme, y entonces se programan todas las filas o ninguna.',
  templateCsv: 'Descargar la plantilla (CSV)',
  templateXlsx: 'Descargar la plantilla (XLSX)',
  choose: 'Elegir un archivo (CSV o XLSX)',
  reading: 'Leyendo {{name}}…',
  file: 'Archivo: {{name}}',
  wrongType: 'Elija un archivo .csv o .xlsx.',
  tooLarge: 'El archivo supera {{size}}: divídalo en archivos más pequeños.',
  readFailed: 'El navegador no pudo leer el archivo: elíjalo de nuevo.',
  allGood: 'Filas listas para programar: {{count}}',
  expiresAt: 'Confirme antes de {{time}} o vuelva a leer el archivo.',
  someProblems: 'Filas: {{count}}; con problemas: {{problems}}',
  fixFirst:
    'No se puede programar nada mientras una fila tenga un problema. Corrija las filas {{rows}} en el archivo y elíjalo de nuevo.',
  confirm: 'Programar {{count}} filas',
  cancel: 'Cancelar',
  done: 'Programadas: {{count}}',
  rowReady: 'Lista',
  noTime: 'Sin hora',
  timeIn: '{{time}} ({{zone}})',
  yourTime: 'Su hora: {{time}} ({{zone}})',
  columns: {
    row: 'Fila',
    title: 'Título y texto',
    accounts: 'Cuentas',
    time: 'Hora',
    media: 'Medios',
    problems: 'Problemas',
  },
  place: {
    row: 'Fila {{row}}',
    entry: '{{column}}, elemento {{entry}}',
    file: 'Archivo',
  },
};
