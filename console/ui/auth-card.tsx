import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';

/** A screen before the console itself (sign-in, a new password, enrolment): one card, the console's name over its heading. */
export function AuthCard({ title, wide = false, children }: { title: string; wide?: boolean; children: ReactNode }) {
  return (
    <main className="auth" id="main">
      <div className={wide ? 'auth-card auth-card-wide' : 'auth-card'}>
        <p className="brand">
          <Trans>Operators' console</Trans>
        </p>
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}
