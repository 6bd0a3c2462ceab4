import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { useTitle } from '../lib/use-title';

/** An address the console does not know, with the way back to work. */
export function NotFoundPage() {
  const { t } = useLingui();
  useTitle(t`Not found`);
  return (
    <>
      <h1>
        <Trans>Nothing here</Trans>
      </h1>
      <p>
        <Trans>The console has no page at this address.</Trans>
      </p>
      <p>
        <Link href="/queue">
          <Trans>Open the review queue</Trans>
        </Link>
      </p>
    </>
  );
}
