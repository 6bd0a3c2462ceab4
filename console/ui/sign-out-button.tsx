import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { BusyButton } from './busy-button';
import { ErrorNote } from './failure';

/** Ends the session on the server; if that fails the operator is told, not silently kept in. */
export function SignOutButton({ signOut }: { signOut: () => Promise<unknown> }) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const run = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await signOut();
    } catch (error) {
      setFailure(error);
      setBusy(false);
    }
  };
  return (
    <div className="sign-out">
      <BusyButton className="button-quiet" busy={busy} onClick={() => void run()}>
        {t`Sign out`}
      </BusyButton>
      <ErrorNote error={failure} />
    </div>
  );
}
