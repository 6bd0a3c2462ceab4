import { useCallback, useEffect, useRef, useState, type ButtonHTMLAttributes } from 'react';
import { isExpectedFailure } from '../../web-kit/lib/failures';

export const REPEAT_CLICK_GUARD_MS = 1500;

/**
 * The repeat-click guard: `run(work)` refuses while busy, and busy lasts 1.5 s after a press or
 * for as long as the work is still running, whichever is longer. A failed call ends the work
 * quietly (the screen has said so already); any other error is a bug and goes to the error
 * boundary and the console.
 */
export function useGuard(): [boolean, (work: () => unknown) => Promise<void>] {
  const [busy, setBusy] = useState(false);
  const [crash, setCrash] = useState<{ error: unknown } | null>(null);
  const busyRef = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  if (crash) throw crash.error;

  const run = useCallback(async (work: () => unknown) => {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    const guard = new Promise((resolve) => setTimeout(resolve, REPEAT_CLICK_GUARD_MS));
    try {
      await Promise.all([
        Promise.resolve()
          .then(work)
          .catch((error: unknown) => {
            if (isExpectedFailure(error)) return;
            if (mounted.current) setCrash({ error });
            else console.error(error);
          }),
        guard,
      ]);
    } finally {
      busyRef.current = false;
      if (mounted.current) setBusy(false);
    }
  }, []);

  return [busy, run];
}

type Props = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick' | 'type'> & {
  onClick: () => unknown;
};

export function GuardedButton({ onClick, disabled, children, ...rest }: Props) {
  const [busy, run] = useGuard();
  return (
    <button
      {...rest}
      type="button"
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      onClick={() => void run(onClick)}
    >
      {children}
    </button>
  );
}
