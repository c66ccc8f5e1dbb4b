import { useErrorLogStore } from '../../stores/error-log-store';

const describe = (reason: unknown): { message: string; stack?: string } =>
  reason instanceof Error ? { message: reason.message, stack: reason.stack } : { message: String(reason) };

/**
 * Checklist EL-1: uncaught errors and unhandled promise rejections go to the error log (the
 * store itself only records while enabled: production builds by default). Returns the cleanup.
 */
export function installErrorLogListeners(target: Window = window): () => void {
  const onError = (event: ErrorEvent) => {
    const { message, stack } = event.error
      ? describe(event.error)
      : { message: event.message, stack: undefined };
    useErrorLogStore.getState().add({
      message,
      info: `window error at ${event.filename || 'unknown'}:${event.lineno}:${event.colno}`,
      stack,
    });
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    useErrorLogStore.getState().add({ ...describe(event.reason), info: 'unhandledrejection' });
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
