import type { Language } from '@postdeck/contract/constants';
import { messageForCode } from '@postdeck/contract/errors';
import { LoginAlert } from './login-alert';

/** The sentence for a sign-on failure: the catalogue's, or the general one. */
export const ssoErrorText = (code: number, language: Language, fallback: string): string =>
  messageForCode(code, language) ?? fallback;

/**
 * Why single sign-on failed, in the catalogue's words. A module of its own, loaded only when
 * the provider sent a failure: the catalogue's sentences are no part of the login page's paint.
 */
export function SsoErrorAlert(props: { code: number; language: Language; fallback: string }) {
  return <LoginAlert text={ssoErrorText(props.code, props.language, props.fallback)} testId="sso-error" />;
}
