import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useErrorLogStore } from '../../stores/error-log-store';

interface Props {
  children: ReactNode;
  /** Shown instead of the children after an error. */
  fallback: ReactNode;
}

/**
 * Checklist EL-1 (ours): a render error of a page is logged and replaced by the fallback while
 * the shell stays. Give it `key={pathname}` so navigating elsewhere clears it.
 */
export class ErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    const asError = error instanceof Error ? error : undefined;
    const component = /^\s*at (\S+)/.exec(info.componentStack ?? '')?.[1] ?? 'component';
    useErrorLogStore.getState().add({
      message: asError?.message ?? String(error),
      info: `${component} error in render`,
      stack: asError?.stack,
    });
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
