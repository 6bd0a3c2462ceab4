import { Trans, useLingui } from '@lingui/react/macro';
import { Fragment, type ReactNode } from 'react';
import { useInviteDetail } from '../../api/team';
import { copyText } from '../../lib/clipboard';
import { appConfig } from '../../lib/config';
import { invitationLink } from '../../lib/invitation-link';
import { downloadDataUrl } from '../../lib/download';
import { showToast } from '../../state/toast';
import { CopyButton } from '../../ui/copy-button';
import { Icon } from '../../ui/icons';
import { imageIcon, shareIcon } from '../../ui/page-icons';
import { QrCode, qrPngDataUrl } from '../../../web-kit/ui/qr-code';
import { ErrorState, Spinner } from '../../ui/states';

/** The web share sheet where the browser has one; otherwise the link goes to the clipboard. */
async function share(title: string, text: string, url: string, onCopied: () => void): Promise<void> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, text, url });
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  if (await copyText(url)) onCopied();
}

function CodeCard({
  id,
  title,
  code,
  qrValue,
  qrLabel,
  fileName,
  children,
}: {
  id: string;
  title: string;
  code: string;
  qrValue: string;
  qrLabel: string;
  fileName: string;
  children?: ReactNode;
}) {
  const { t } = useLingui();
  const copied = () => showToast(t`copy success!`);
  return (
    <section className="card qr-box" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <QrCode value={qrValue} label={qrLabel} />
      <p className="address-text" data-testid={`${id}-text`}>
        {code}
      </p>
      <div className="row">
        <CopyButton text={code} label={t`Copy ${title}`} onCopied={copied} />
        <button
          type="button"
          className="button secondary small-button"
          onClick={() => downloadDataUrl(qrPngDataUrl(qrValue), fileName)}
        >
          <Icon path={imageIcon} />
          {t`Save image`}
        </button>
      </div>
      {children}
    </section>
  );
}

/** A long link that wraps after its slashes and separators, never inside a word. */
function BreakableLink({ link }: { link: string }) {
  // Each part ends at a separator (a match, not a lookbehind split: older Safari cannot parse those).
  const parts = link.match(/[^/?&=#.]+[/?&=#.]*|[/?&=#.]+/g) ?? [link];
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}

export default function InvitePage() {
  const { t } = useLingui();
  const { data: invite, error, mutate } = useInviteDetail();
  if (error && !invite) return <ErrorState onRetry={() => void mutate()} />;
  if (!invite) return <Spinner label={t`Loading`} />;
  const link = invitationLink(invite.invite_url, appConfig.appUrl, location.origin);
  const copied = () => showToast(t`copy success!`);
  return (
    <>
      <p className="lead">
        <Trans>
          Friends who sign up with your code join your team. Scanning the code opens registration with it filled in.
        </Trans>
      </p>
      <CodeCard
        id="invite-code"
        title={t`Invitation code`}
        code={invite.invite_code}
        qrValue={link}
        qrLabel={t`QR code of your invitation link`}
        fileName={`invite-${invite.invite_code}.png`}
      >
        <p className="address-text small">
          <BreakableLink link={link} />
        </p>
        <div className="row">
          <CopyButton text={link} label={t`Copy the invitation link`} onCopied={copied} />
          <button
            type="button"
            className="button small-button"
            onClick={() =>
              void share(
                appConfig.appName,
                t`Join me on ${appConfig.appName} with invitation code ${invite.invite_code}`,
                link,
                copied,
              )
            }
          >
            <Icon path={shareIcon} />
            {t`Share`}
          </button>
        </div>
      </CodeCard>
      <CodeCard
        id="transfer-code"
        title={t`Transfer code`}
        code={invite.transfer_code}
        qrValue={invite.transfer_code}
        qrLabel={t`QR code of your transfer code`}
        fileName={`transfer-${invite.transfer_code}.png`}
      />
    </>
  );
}
