import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useFailureText } from './failure';

/** A read on its way: said to screen readers once, drawn as a quiet line. */
export function Loading({ children }: { children: ReactNode }) {
  return (
    <p className="state state-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      {children}
    </p>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="state state-empty">{children}</p>;
}

/** A read that failed, with the way to try again right there. */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const text = useFailureText();
  return (
    <div className="state state-failed" role="alert">
      <p>{text(error)}</p>
      <button type="button" className="button" onClick={onRetry}>
        <Trans>Try again</Trans>
      </button>
    </div>
  );
}
