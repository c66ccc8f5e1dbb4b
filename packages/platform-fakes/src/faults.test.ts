import { describe, expect, it } from 'vitest';
import { Faults } from './faults.ts';

describe('Faults', () => {
  it('matches by call and account, the first set first', () => {
    const faults = new Faults();
    faults.set({ kind: 'rateLimited', retryAfterS: 3, call: 'sendMessage', account: 'a' });
    faults.set({ kind: 'serverError' });
    expect(faults.take('sendMessage', 'a')).toEqual({ kind: 'rateLimited', retryAfterS: 3 });
    expect(faults.take('sendMessage', 'b')?.kind).toBe('serverError');
    expect(faults.take('getMe', undefined)?.kind).toBe('serverError');
  });

  it('uses up one-shot switches and keeps the others until cleared', () => {
    const faults = new Faults();
    faults.set({ kind: 'expiredToken', times: 2 });
    expect(faults.take('x', undefined)?.kind).toBe('expiredToken');
    expect(faults.take('x', undefined)?.kind).toBe('expiredToken');
    expect(faults.take('x', undefined)).toBeUndefined();
    faults.set({ kind: 'revokedGrant', account: 'a' });
    expect(faults.take('x', 'a')?.kind).toBe('revokedGrant');
    expect(faults.take('x', 'a')?.kind).toBe('revokedGrant');
    faults.clear();
    expect(faults.take('x', 'a')).toBeUndefined();
  });
});
