import { type Language, COOKIE, DEFAULT_LANGUAGE, pickLanguage } from '@postdeck/contract/constants';
import { ERRORS, type ErrorKey, interpolate } from '@postdeck/contract/errors';
import { issueMessage } from '@postdeck/contract/issue-messages';
import { VALIDATION_MESSAGES } from '@postdeck/contract/messages';
import type { FastifyRequest } from 'fastify';
import type { $ZodErrorMap, $ZodRawIssue } from 'zod/v4/core';
import { en, es, ja, zhCN } from 'zod/v4/locales';

/** The caller's language: the `language` cookie the web app sets, else Accept-Language, else English. */
export function requestLanguage(request: FastifyRequest): Language {
  return (
    pickLanguage(request.cookies?.[COOKIE.language], request.headers['accept-language']) ?? DEFAULT_LANGUAGE
  );
}

export function errorText(key: ErrorKey, lang: Language, params?: Record<string, string | number>) {
  return interpolate(ERRORS[key].msg[lang], params);
}

const zodLocales: Record<Language, { localeError: $ZodErrorMap }> = {
  en: en(),
  zh: zhCN(),
  es: es(),
  ja: ja(),
};

/**
 * A validation issue's text in the caller's language: our own rules carry contract keys; zod's
 * own checks (lengths, bounds, formats, a missing value) are worded by issue-messages.ts; what is
 * left gets zod's translation.
 */
export function issueText(issue: $ZodRawIssue, lang: Language): string {
  const own = VALIDATION_MESSAGES[lang][issue.message ?? ''];
  if (own) return own;
  // Rules whose text lives in the error catalogue (issue 3: time ranges, avatars, ...).
  if (issue.message && issue.message in ERRORS) return errorText(issue.message as ErrorKey, lang);
  const mapped = issueMessage(issue);
  const worded = mapped && VALIDATION_MESSAGES[lang][mapped.key];
  if (mapped && worded) return interpolate(worded, mapped.params);
  const translated = zodLocales[lang].localeError(issue);
  if (typeof translated === 'string') return translated;
  return translated?.message ?? issue.message ?? 'invalid';
}

/** Field-error message: a contract validation key, an error key, or already plain text. */
export function fieldText(message: string, lang: Language, params?: Record<string, string | number>): string {
  const own = VALIDATION_MESSAGES[lang][message];
  if (own) return params ? interpolate(own, params) : own;
  if (message in ERRORS) return errorText(message as ErrorKey, lang, params);
  return message;
}
