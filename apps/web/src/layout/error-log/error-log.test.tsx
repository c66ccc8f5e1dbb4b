import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { Providers } from '../../app/providers';
import { beforeEach, describe, expect, it } from 'vitest';
import { useErrorLogStore } from '../../stores/error-log-store';
import { ErrorLog } from './error-log';
import { installErrorLogListeners } from './error-log-listeners';

describe('ErrorLog (EL-2)', () => {
  beforeEach(() => {
    useErrorLogStore.setState({ entries: [], enabled: true });
  });

  it('is hidden with no logs', () => {
    render(<ErrorLog />);
    expect(screen.queryByTestId('error-log-button')).toBeNull();
  });

  it('lists the logs and Clear All empties them', async () => {
    act(() =>
      useErrorLogStore.getState().add({ message: 'boom', info: 'Page error in render', stack: 'at X' }),
    );
    render(
      <Providers>
        <ErrorLog />
      </Providers>,
    );
    await userEvent.click(screen.getByTestId('error-log-button'));
    expect(await screen.findByText('Error Log')).toBeTruthy();
    expect(screen.getByText('boom')).toBeTruthy();
    expect(screen.getByText('Page error in render')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /Clear All/ }));
    expect(useErrorLogStore.getState().entries).toEqual([]);
    expect(screen.queryByTestId('error-log-button')).toBeNull();
  });
});

describe('installErrorLogListeners (EL-1)', () => {
  beforeEach(() => useErrorLogStore.setState({ entries: [], enabled: true }));

  it('records window errors and unhandled rejections, and stops after cleanup', () => {
    const cleanup = installErrorLogListeners(window);
    window.dispatchEvent(new ErrorEvent('error', { message: 'bad', error: new Error('bad') }));
    const rejection = new Event('unhandledrejection') as Event & { reason: unknown };
    rejection.reason = new Error('nope');
    window.dispatchEvent(rejection);
    expect(useErrorLogStore.getState().entries.map((e) => e.message)).toEqual(['bad', 'nope']);
    cleanup();
    window.dispatchEvent(new ErrorEvent('error', { message: 'later' }));
    expect(useErrorLogStore.getState().entries).toHaveLength(2);
  });

  it('records nothing while disabled (development builds)', () => {
    useErrorLogStore.getState().setEnabled(false);
    const cleanup = installErrorLogListeners(window);
    window.dispatchEvent(new ErrorEvent('error', { message: 'dev' }));
    cleanup();
    expect(useErrorLogStore.getState().entries).toEqual([]);
  });
});
