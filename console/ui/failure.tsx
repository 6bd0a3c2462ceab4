import { useLingui } from '@lingui/react/macro';
import { NetworkFailure, ServerRefusal, SignedOut } from '../../web-kit/lib/failures';

/** What to tell the operator about a failed call: the server's own words when it gave some. */
export function useFailureText(): (error: unknown) => string {
  const { t } = useLingui();
  return (error) => {
    if (error instanceof ServerRefusal && error.message) return error.message;
    if (error instanceof NetworkFailure) return t`The server could not be reached. Check the connection and try again.`;
    if (error instanceof SignedOut) return t`Your session ended; sign in again.`;
    return t`Something went wrong. Try again.`;
  };
}

/** A failure beside the form or action that caused it, announced as it appears. */
export function ErrorNote({ error }: { error: unknown }) {
  const text = useFailureText();
  if (!error) return null;
  return (
    <p className="note note-error" role="alert">
      {text(error)}
    </p>
  );
}
