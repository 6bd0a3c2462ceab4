import { useLingui } from '@lingui/react/macro';
import type { ContactInfo } from '../../../../contract/console';
import { CONTACT_CHANNEL_TYPES, type ContactChannelType } from '../../../../contract/rules';
import { call } from '../../../api/client';
import { useEditedList, useRevalidate } from '../../../api/reads';
import { useAction } from '../../../lib/use-action';
import { ConfirmButton } from '../../../ui/confirm-button';
import { ErrorNote } from '../../../ui/failure';
import { ListEditor } from '../../../ui/list-editor';

/** Brand names read the same in every language; the other two are words. */
function useChannelLabel(): (type: ContactChannelType) => string {
  const { t } = useLingui();
  return (type) => ({ telegram: 'Telegram', whatsapp: 'WhatsApp', email: t`E-mail`, link: t`Web link` })[type];
}

function DeleteContactButton({ contact }: { contact: ContactInfo }) {
  const { t } = useLingui();
  const revalidate = useRevalidate();
  const { busy, failure, run } = useAction();
  const { name } = contact;
  const remove = async () => {
    if (await run(() => call('settings/contact-delete', { id: String(contact.id) }))) revalidate('settings/contacts');
  };
  return (
    <>
      <ConfirmButton
        className="button-danger"
        busy={busy}
        question={t`Delete the contact channel ${name}? Customers no longer see it.`}
        onConfirm={() => void remove()}
      >
        {t`Delete`}
      </ConfirmButton>
      <ErrorNote error={failure} />
    </>
  );
}

/** Where customers reach the service: a Telegram or WhatsApp account, an e-mail address, a web link. */
export function ContactsSection() {
  const { t } = useLingui();
  const channelLabel = useChannelLabel();
  const { read, reread } = useEditedList('settings/contacts');
  return (
    <ListEditor
      title={t`Contact channels`}
      addLabel={t`Add contact`}
      read={read}
      loading={t`Loading the contact channels…`}
      empty={t`No contact channels yet.`}
      rows={(read) => read.contacts}
      rowKey={(contact) => contact.id}
      columns={[
        { header: t`Contact name`, cell: (contact) => contact.name },
        { header: t`Channel`, cell: (contact) => channelLabel(contact.type) },
        { header: t`Address`, className: 'code cell-wrap', cell: (contact) => contact.url },
      ]}
      editable
      rowActions={(contact) => <DeleteContactButton contact={contact} />}
      editor={{
        title: (contact) => (contact ? t`Edit contact ${contact.name}` : t`New contact`),
        fields: () => [
          { name: 'name', label: t`Contact name`, maxLength: 80 },
          {
            name: 'type',
            label: t`Channel`,
            options: CONTACT_CHANNEL_TYPES.map((type) => ({ value: type, label: channelLabel(type) })),
          },
          {
            name: 'url',
            label: t`Address`,
            hint: t`An https:// or mailto: address`,
            inputMode: 'url',
            maxLength: 300,
          },
        ],
        initial: (contact) => ({
          name: contact?.name ?? '',
          type: contact?.type ?? 'telegram',
          url: contact?.url ?? '',
        }),
        save: (values, contact) =>
          // The select offers only the contract's types; the server checks again.
          call('settings/contact-save', {
            id: contact ? String(contact.id) : '',
            ...values,
            type: values.type as ContactChannelType,
          }),
        onSaved: reread,
      }}
    />
  );
}
