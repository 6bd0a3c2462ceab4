import { Trans } from '@lingui/react/macro';
import { useEffect, useId, useMemo } from 'react';

/**
 * Chooses one image and shows it. The parent checks and uploads the file; while it does,
 * `busy` is shown, and `error` says what went wrong in the customer's language.
 */
export function ImagePicker({
  label,
  accept,
  previewUrl,
  busy,
  error,
  onPick,
}: {
  label: string;
  accept: string;
  previewUrl: string | undefined;
  busy: boolean;
  error: string | undefined;
  onPick: (file: File) => void;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <span className="field-label" id={`${id}-label`}>
        {label}
      </span>
      <div className="image-picker">
        {previewUrl ? <img src={previewUrl} alt="" className="image-preview" /> : null}
        <input
          id={id}
          type="file"
          accept={accept}
          className="visually-hidden"
          aria-labelledby={`${id}-label`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          disabled={busy}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) onPick(file);
          }}
        />
        <label htmlFor={id} className="button secondary small-button" aria-disabled={busy || undefined}>
          {busy ? <Trans>Uploading…</Trans> : previewUrl ? <Trans>Replace image</Trans> : <Trans>Choose image</Trans>}
        </label>
      </div>
      {error ? (
        <p className="field-error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A blob URL for a picked file, revoked when the file changes or the screen goes. */
export function useObjectUrl(file: File | undefined): string | undefined {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : undefined), [file]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
}
