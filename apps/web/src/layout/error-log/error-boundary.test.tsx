import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useErrorLogStore } from '../../stores/error-log-store';
import { ErrorBoundary } from './error-boundary';

function Broken(): never {
  throw new Error('render failed');
}

describe('ErrorBoundary (EL-1)', () => {
  beforeEach(() => useErrorLogStore.setState({ entries: [], enabled: true }));

  it('shows the fallback and logs the error with its component', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <ErrorBoundary fallback={<p>fallback</p>}>
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByText('fallback')).toBeTruthy();
    const [entry] = useErrorLogStore.getState().entries;
    expect(entry).toMatchObject({ message: 'render failed', info: 'Broken error in render' });
    expect(entry?.stack).toContain('render failed');
    vi.restoreAllMocks();
  });
});
