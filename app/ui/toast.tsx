/** The 2-second toast in the middle of the screen and the 3-second notify banner on top. */
export function ToastLayer({ toast, notify }: { toast: string | undefined; notify: string | undefined }) {
  return (
    <>
      <div className="toast-layer" aria-live="polite" aria-atomic="true" data-no-snapshot>
        {toast ? (
          <div className="toast" role="status" data-testid="toast">
            {toast}
          </div>
        ) : null}
      </div>
      <div aria-live="polite" aria-atomic="true" data-no-snapshot>
        {notify ? (
          <div className="notify" role="status" data-testid="notify">
            {notify}
          </div>
        ) : null}
      </div>
    </>
  );
}
