import type { Language } from '@postdeck/contract/constants';
import type { PreflightCode } from '@postdeck/contract/preflight';
import { PREFLIGHT_MESSAGES, preflightKey } from '@postdeck/contract/preflight-messages';

const PREFIX = preflightKey('' as PreflightCode);

/**
 * The contract's preflight texts by code, so the panel words a problem as the server words its
 * refusal. Taken here because resources.ts merges only the contract's `validation.` keys.
 */
export const preflightTexts = (lang: Language) =>
  Object.fromEntries(
    Object.entries(PREFLIGHT_MESSAGES[lang]).map(([key, text]) => [key.slice(PREFIX.length), text]),
  ) as Record<PreflightCode, string>;
