import { Trans } from '@lingui/react/macro';

/** A bar offering the new version; the app keeps working on the old one until accepted. */
export function UpdatePrompt({ onAccept, onLater }: { onAccept: () => void; onLater: () => void }) {
  return (
    <div className="update-prompt" role="status" data-testid="update-prompt" data-no-snapshot>
      <span>
        <Trans>A new version is available.</Trans>
      </span>
      <button type="button" className="button small-button" onClick={onAccept}>
        <Trans>Update</Trans>
      </button>
      <button type="button" className="button secondary small-button" onClick={onLater}>
        <Trans>Later</Trans>
      </button>
    </div>
  );
}
