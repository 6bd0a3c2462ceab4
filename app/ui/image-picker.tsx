import { Trans } from '@lingui/react/macro';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useFieldNotes } from '../../web-kit/ui/field';

/**
 * Chooses one image, beside the parent's `preview` of it (`hasImage` when there is one). The
 * parent checks and uploads the file; while it does, `busy` is shown, and `error` says what went
 * wrong in the customer's language.
 */
export function ImagePicker({
  label,
  accept,
  preview,
  hasImage,
  busy,
  error,
  onPick,
}: {
  label: string;
  accept: string;
  preview: ReactNode;
  hasImage: boolean;
  busy: boolean;
  error: string | undefined;
  onPick: (file: File) => void;
}) {
  const { id, describedBy, notes } = useFieldNotes(undefined, error);
  return (
    <div className="field">
      <span className="field-label" id={`${id}-label`}>
        {label}
      </span>
      <div className="image-picker">
        {preview}
        <input
          id={id}
          type="file"
          accept={accept}
          className="visually-hidden"
          // The field's name, then what the button offers now (choose, replace, uploading).
          aria-labelledby={`${id}-label ${id}-action`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          disabled={busy}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) onPick(file);
          }}
        />
        <label
          htmlFor={id}
          id={`${id}-action`}
          className="button secondary small-button"
          aria-disabled={busy || undefined}
        >
          {busy ? <Trans>Uploading…</Trans> : hasImage ? <Trans>Replace image</Trans> : <Trans>Choose image</Trans>}
        </label>
      </div>
      {notes}
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
