import { MESSAGE_DURATION_S } from '@postdeck/contract/constants';
import { App } from 'antd';
import { useLayoutEffect } from 'react';
import { type ClientEffects, apiClient } from '../api/client';
import { showWaitingEffects } from './deferred-effects';
import { endSession } from './session';

/**
 * Gives the API client its user interface: antd's App.useApp() message and modal, which
 * follow ConfigProvider (theme, locale, CSP nonce) unlike the static message.x / Modal.x.
 */
export function ClientEffectsBridge() {
  const { message, modal } = App.useApp();

  // A layout effect, so the client can show errors before the first navigation settles.
  useLayoutEffect(() => {
    const effects: ClientEffects = {
      error: (text) => void message.error({ content: text, duration: MESSAGE_DURATION_S }),
      confirm: ({ title, content, okText, cancelText, onOk, onCancel }) =>
        void modal.confirm({ title, content, okText, cancelText, onOk, onCancel }),
      signOut: (address) => void endSession(address),
    };
    const unregister = apiClient.setEffects(effects);
    // What the client had to show before antd was mounted (deferred-effects.ts).
    showWaitingEffects(effects);
    return unregister;
  }, [message, modal]);
  return null;
}
