import { useLingui } from '@lingui/react/macro';
import { AdminPage } from '../../../state/operator';
import { AddressesSection } from './addresses';
import { ContactsSection } from './contacts';
import { NetworksSection } from './networks';
import { ProductsSection } from './products';
import { ProofChecksSection } from './proof-checks';
import { SecondApprovalSection } from './second-approval';

/**
 * What the customer app offers and shows (interest products, contact channels, receiving
 * addresses), and when an order needs two operators.
 */
export function SettingsPage() {
  const { t } = useLingui();
  return (
    <AdminPage title={t`Settings`}>
      <div className="admin-page">
        <SecondApprovalSection />
        <ProductsSection />
        <ContactsSection />
        <AddressesSection />
        <NetworksSection />
        <ProofChecksSection />
      </div>
    </AdminPage>
  );
}
