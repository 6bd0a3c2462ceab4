import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { isUploadPath } from '../../lib/upload-path';

const ZOOMS = ['fit', 'actual', 'double'] as const;
type Zoom = (typeof ZOOMS)[number];

/**
 * The transfer proof, large: fitted to the panel, at its own size, or twice that, scrolling
 * inside its frame. Same origin, so the browser sends the session cookie that opens it.
 */
export function ProofViewer({ src }: { src: string }) {
  const { t } = useLingui();
  const [zoom, setZoom] = useState<Zoom>('fit');
  const [failed, setFailed] = useState(false);
  if (!isUploadPath(src)) {
    return (
      <p className="note note-error">
        <Trans>The proof is not an upload of this site, so it is not shown.</Trans>
      </p>
    );
  }
  const labels: Record<Zoom, string> = { fit: t`Fit`, actual: t`100 %`, double: t`200 %` };
  return (
    <div className="proof">
      <div className="proof-tools">
        <div className="segmented" role="group" aria-label={t`Image size`}>
          {ZOOMS.map((level) => (
            <button
              key={level}
              type="button"
              className="segment"
              aria-pressed={zoom === level}
              onClick={() => setZoom(level)}
            >
              {labels[level]}
            </button>
          ))}
        </div>
        <a href={src} target="_blank" rel="noopener noreferrer">
          <Trans>Open in a new tab</Trans>
        </a>
      </div>
      {failed ? (
        <p className="note note-error" role="alert">
          <Trans>The proof image could not be loaded.</Trans>
        </p>
      ) : (
        <div
          className={`proof-frame proof-${zoom}`}
          // Zoomed in, the frame scrolls: keyboard users reach it to scroll with the arrow keys.
          tabIndex={zoom === 'fit' ? undefined : 0}
          role={zoom === 'fit' ? undefined : 'region'}
          aria-label={zoom === 'fit' ? undefined : t`Transfer proof, zoomed`}
        >
          <img src={src} alt={t`Transfer proof`} onError={() => setFailed(true)} />
        </div>
      )}
    </div>
  );
}
