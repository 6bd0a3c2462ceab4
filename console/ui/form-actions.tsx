import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { BusyButton } from './busy-button';

/** A form's submit button (busy while its call is in flight) and "Cancel" beside it. */
export function FormActions({ submit, busy, onCancel }: { submit: ReactNode; busy: boolean; onCancel: () => void }) {
  const { t } = useLingui();
  return (
    <div className="record-actions">
      <BusyButton type="submit" className="button-primary" busy={busy}>
        {submit}
      </BusyButton>
      <button type="button" className="button button-quiet" onClick={onCancel}>
        {t`Cancel`}
      </button>
    </div>
  );
}
