import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useIsAdmin } from '../use-operator';

/** A screen for administrators: a reviewer who opens its address is told so, and sees nothing else. */
export function AdminOnly({ children }: { children: ReactNode }) {
  if (useIsAdmin()) return children;
  return (
    <p className="note note-info" role="alert">
      <Trans>Only administrators can open this page.</Trans>
    </p>
  );
}
