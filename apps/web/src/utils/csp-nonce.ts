/**
 * The per-request nonce the server put in the page (vite.config.ts `html.cspNonce`). Read from
 * the `nonce` property: browsers blank the attribute once the page has loaded.
 */
export function readCspNonce(doc: Document = document): string | undefined {
  const meta = doc.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  const nonce = meta?.nonce || meta?.getAttribute('nonce') || '';
  return nonce === '' ? undefined : nonce;
}

/**
 * Gives every `<style>` element that scripts create the page nonce, as webpack's
 * `__webpack_nonce__` does. antd's own styles take the nonce from ConfigProvider, but
 * @rc-component's scroll locker and scrollbar measurer insert style tags without one
 * (ant-design#58150), which the strict style-src refuses. Only script can reach this path, and
 * scripts already run under the nonce, so injected markup still gets no styles.
 */
export function nonceScriptStyles(nonce: string, doc: Document = document): void {
  const create = doc.createElement.bind(doc);
  doc.createElement = ((tagName: string, options?: ElementCreationOptions) => {
    const element = create(tagName, options);
    if (element instanceof HTMLStyleElement) element.nonce = nonce;
    return element;
  }) as Document['createElement'];
}
