import { Trans } from '@lingui/react/macro';
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
  /** Called when the customer asks to try again; the parent re-creates the lazy page. */
  onRetry: () => void;
}

/** Catches a page whose script failed to load (or took too long) and offers a retry. */
export class ChunkErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('page failed to load', error, info.componentStack);
  }

  private readonly retry = () => {
    this.setState({ failed: false });
    this.props.onRetry();
  };

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="state" role="alert">
        <p>
          <Trans>Loading chunk failed</Trans>
        </p>
        <button type="button" className="button" onClick={this.retry}>
          <Trans>Retry</Trans>
        </button>
      </div>
    );
  }
}
