import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useTitle } from '../lib/use-title';
import type { OperatorInfo } from '../../contract/console';
import { sessionStateAtom } from './session';
import { useAtomValue } from './store';

/** Who is signed in; the signed-in screens render only with a session. */
export function useOperator(): OperatorInfo {
  const state = useAtomValue(sessionStateAtom);
  if (state.status !== 'signed-in') throw new Error('no operator signed in');
  return state.session.operator;
}

export function useIsAdmin(): boolean {
  return useOperator().role === 'admin';
}

/** A screen for administrators: a reviewer who opens its address is told so, and sees nothing else. */
export function AdminOnly({ children }: { children: ReactNode }) {
  if (useIsAdmin()) return children;
  return (
    <p className="note note-info" role="alert">
      <Trans>Only administrators can open this page.</Trans>
    </p>
  );
}

/** An administrators' screen: its title in the tab and the heading, its content for administrators only. */
export function AdminPage({ title, children }: { title: string; children: ReactNode }) {
  useTitle(title);
  return (
    <>
      <h1>{title}</h1>
      <AdminOnly>{children}</AdminOnly>
    </>
  );
}
