import type { OperatorInfo } from '../../contract/console';
import { sessionStateAtom } from '../state/session';
import { useAtomValue } from '../state/store';

/** Who is signed in; the signed-in screens render only with a session. */
export function useOperator(): OperatorInfo {
  const state = useAtomValue(sessionStateAtom);
  if (state.status !== 'signed-in') throw new Error('no operator signed in');
  return state.session.operator;
}

export function useIsAdmin(): boolean {
  return useOperator().role === 'admin';
}
