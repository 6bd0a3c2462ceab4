import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';

/** The tab's title names the screen, so an operator with several tabs open can tell them apart. */
export function useTitle(screen: string): void {
  const { t } = useLingui();
  const product = t`Operators' console`;
  useEffect(() => {
    document.title = `${screen} · ${product}`;
  }, [screen, product]);
}
