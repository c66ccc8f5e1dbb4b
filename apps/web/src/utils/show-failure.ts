import { App } from 'antd';
import { isApiError } from '../api/api-error';

/**
 * Shows why a change failed as a passing message, unless the client already acted on it (a
 * session box or sign-on redirect): for calls made with `inlineErrors`, whose message the client
 * leaves to the page.
 */
export function useShowFailure() {
  const { message } = App.useApp();
  return (error: unknown) => {
    if (isApiError(error) && error.handled) return;
    void message.error(error instanceof Error ? error.message : String(error));
  };
}
