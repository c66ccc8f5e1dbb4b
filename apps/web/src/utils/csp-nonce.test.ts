import { afterEach, describe, expect, it } from 'vitest';
import { nonceScriptStyles, readCspNonce } from './csp-nonce';

afterEach(() => {
  document.head.innerHTML = '';
});

describe('readCspNonce', () => {
  it('reads the nonce Vite put on the csp-nonce meta tag', () => {
    document.head.innerHTML = '<meta property="csp-nonce" nonce="abc123">';
    expect(readCspNonce()).toBe('abc123');
  });

  it('gives nothing when the page has no nonce (tests, dev without a server)', () => {
    expect(readCspNonce()).toBeUndefined();
  });
});

describe('nonceScriptStyles', () => {
  it('puts the nonce on style elements that scripts create, and only on those', () => {
    const doc = document.implementation.createHTMLDocument('t');
    nonceScriptStyles('n0nce', doc);
    expect(doc.createElement('style').nonce).toBe('n0nce');
    expect(doc.createElement('div').getAttribute('nonce')).toBeNull();
  });
});
