import { Trans } from '@lingui/react/macro';
import { useEffect, useState, type ReactNode } from 'react';

export function Spinner({ label }: { label: string }) {
  return <div className="spinner" role="status" aria-label={label} />;
}

/** Waits before showing the spinner, so fast loads do not flash one. */
export function DelayedSpinner({ label, delayMs = 200 }: { label: string; delayMs?: number }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  return visible ? <Spinner label={label} /> : null;
}

/** Holds the place of a figure that is still loading, about `width` characters wide. */
export function Skeleton({ width = 6 }: { width?: number }) {
  return <span className="skeleton">{'\u00a0'.repeat(width)}</span>;
}

/** A read that failed and left nothing to show: what could not be loaded (by default "this"), and a retry. */
export function ErrorState({ onRetry, message }: { onRetry: () => void; message?: ReactNode }) {
  return (
    <div className="state" role="alert">
      <p>{message ?? <Trans>We could not load this. Check your connection and try again.</Trans>}</p>
      <button type="button" className="button secondary" onClick={onRetry}>
        <Trans>Try again</Trans>
      </button>
    </div>
  );
}
