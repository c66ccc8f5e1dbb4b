import type { ScreenshotMessages } from './en';

export const esScreenshot: ScreenshotMessages = {
  noId: 'No se indicó ninguna publicación: abra esta página desde el historial de publicaciones.',
  notFound: 'Esta publicación no existe o está fuera de sus departamentos.',
  loadFailed: 'No se pudo cargar la captura',
  takeAgain: 'Capturar de nuevo',
  taking: 'Abriendo la página de la publicación y capturándola: puede tardar hasta un minuto.',
  taken: 'Captura realizada',
  takenAt: 'Capturada {{time}}',
  openPost: 'Abrir la publicación',
  alt: 'Captura de la página pública de la publicación',
  none: 'Aún no hay captura',
  keptEarlier: 'La imagen de arriba es de un intento anterior.',
  triedAt: 'Intentado {{time}}',
  detail: 'Lo que encontró el servidor: {{detail}}',
  reasons: {
    notPublished:
      'La publicación no ha salido o ya no está: solo una publicación publicada tiene una página que capturar.',
    refused:
      'La dirección de la publicación no es pública (una red local o privada, o un archivo), así que el servidor no la abre.',
    unreachable: 'No se pudo acceder a la página de la publicación.',
    httpStatus:
      'La plataforma respondió con una página de error: puede que la publicación se haya eliminado o que aún no se muestre.',
    timeout: 'La página no cargó en 30 segundos.',
    tooLarge: 'La página es más grande de lo que una captura puede cargar.',
    browser: 'No se pudo iniciar el navegador del servidor (Chromium): avise a su administrador.',
    authorGone:
      'El autor de la publicación ya no existe, así que la imagen no puede guardarse en la biblioteca.',
    internal: 'Algo falló en el servidor; su registro indica qué.',
  },
};
