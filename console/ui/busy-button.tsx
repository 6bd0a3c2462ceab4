import type { ButtonHTMLAttributes } from 'react';

type Props = ButtonHTMLAttributes<HTMLButtonElement> & {
  /** A call it started is in flight: it cannot be pressed again until the answer. */
  busy: boolean;
};

/**
 * A button that stays put while its call runs: same name (tests and screen readers find it by
 * name), disabled, with a spinner beside the words.
 */
export function BusyButton({ busy, disabled, className, children, type = 'button', ...button }: Props) {
  return (
    <button
      {...button}
      type={type}
      className={`button ${className ?? ''}`}
      disabled={busy || disabled}
      aria-busy={busy || undefined}
    >
      {busy ? <span className="spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
