import type { AccountAdapter, Grant } from '../adapter.ts';
import { type ConsentOptions, connectByConsent } from '../adapter-testing.ts';

/** Google's connect flow as a test drives it (imported only by *.test.ts): PKCE, as Google takes it. */
export { REDIRECT } from '../adapter-testing.ts';

export const connectGoogle = (
  adapter: AccountAdapter,
  answer: ConsentOptions['answer'] = {},
): Promise<Grant> => connectByConsent(adapter, { answer, pkce: true });

/** Every host of an adapter at one fake. */
export function allHostsAt<K extends string>(defaults: Record<K, string>, url: string): Record<K, string> {
  return Object.fromEntries(Object.keys(defaults).map((key) => [key, url])) as Record<K, string>;
}
