import { ResultCode } from '../../contract/envelope';
import { ApiError, conflict } from '../platform/http/errors';
import { FourEyesError } from './four-eyes';
import { utcMinute } from '../platform/i18n';

/**
 * A four-eyes refusal as the console says it, in the operator's language: an approval that does
 * not count yet (and from when it will), or a change a second administrator must confirm. Any
 * other error as it is. `field` names the form field the refusal belongs to, if any.
 */
export function fourEyesRefused(error: unknown, doing: 'approval' | 'change', field?: string): unknown {
  if (!(error instanceof FourEyesError)) return error;
  const data = field ? { field } : {};
  switch (error.reason) {
    case 'not_counted':
      // A console session is an open, enrolled operator: only a role the call does not take has no time.
      if (error.countsFrom === null) return new ApiError(ResultCode.forbidden, 'console.admin_only');
      return new ApiError(
        ResultCode.conflict,
        doing === 'approval' ? 'console.not_counted' : 'console.not_counted_admin',
        { ...data, counts_from: error.countsFrom },
        { from: utcMinute(error.countsFrom) },
      );
    case 'not_found':
      return new ApiError(ResultCode.notFound, 'not_found', data);
    case 'counted_already':
      return conflict('console.counted_already', data);
    case 'own_change':
      return conflict('console.own_change', data);
    case 'no_such_raise':
      return conflict('console.no_such_raise', data);
  }
}
