/**
 * The per-request nonce the server put in the page (vite.config.ts `html.cspNonce`). Read from
 * the `nonce` property: browsers blank the attribute once the page has loaded.
 */
export function readCspNonce(doc: Document = document): string | undefined {
  const meta = doc.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  const nonce = meta?.nonce || meta?.getAttribute('nonce') || '';
  return nonce === '' ? undefined : nonce;
}
