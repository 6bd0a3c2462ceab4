import { Trans, useLingui } from '@lingui/react/macro';
import { isSafeContactUrl, type ContactChannelType } from '../../../contract/rules';
import { useServiceContacts } from '../../api/team';
import { appConfig } from '../../lib/config';
import { Icon, type IconPath } from '../../ui/icons';
import { chatIcon, chevronIcon, linkIcon, mailIcon, supportIcon, telegramIcon } from '../../ui/page-icons';
import { ErrorState, Spinner } from '../../ui/states';

const ICONS: Record<ContactChannelType, IconPath> = {
  telegram: telegramIcon,
  whatsapp: chatIcon,
  email: mailIcon,
  link: linkIcon,
};

/** A contact opens in a new tab, without giving that page a handle on ours. */
function Contact({ name, url, icon }: { name: string; url: string; icon: IconPath }) {
  const shown = url.replace(/^mailto:/, '').replace(/^https:\/\//, '');
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className="choice">
      <span className="tile-icon">
        <Icon path={icon} />
      </span>
      <span className="label">
        <strong>{name}</strong>
        <p className="muted small">{shown}</p>
      </span>
      <Icon path={chevronIcon} variant="chevron" />
    </a>
  );
}

export default function CustomerServicePage() {
  const { t } = useLingui();
  const { data, error, mutate } = useServiceContacts();
  const contacts = (data?.list ?? []).filter((entry) => isSafeContactUrl(entry.url));
  return (
    <>
      <p className="lead">
        <Trans>
          Our team answers every day. We will never ask for your password or e-mail code, and never ask you to send USDT
          to a private address.
        </Trans>
      </p>
      <nav className="choice-list" aria-label={t`Contacts`}>
        {appConfig.serviceUrl && isSafeContactUrl(appConfig.serviceUrl) ? (
          <Contact name={t`Help centre`} url={appConfig.serviceUrl} icon={supportIcon} />
        ) : null}
        {error && !data ? <ErrorState onRetry={() => void mutate()} /> : null}
        {!data && !error ? <Spinner label={t`Loading`} /> : null}
        {contacts.map((entry) => (
          <Contact key={entry.id} name={entry.name} url={entry.url} icon={ICONS[entry.type]} />
        ))}
        {data && contacts.length === 0 && !appConfig.serviceUrl ? (
          <p className="state">
            <Trans>No contact is available right now. Please try again later.</Trans>
          </p>
        ) : null}
      </nav>
    </>
  );
}
