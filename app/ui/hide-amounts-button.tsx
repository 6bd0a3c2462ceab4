import { useLingui } from '@lingui/react/macro';
import { Icon } from './icons';
import { eyeIcon, eyeOffIcon } from './page-icons';

/** The eye beside a balance: masks or shows every money figure in the app. */
export function HideAmountsButton({ hidden, onToggle }: { hidden: boolean; onToggle: () => void }) {
  const { t } = useLingui();
  return (
    <button
      type="button"
      className="icon-button"
      aria-pressed={hidden}
      aria-label={t`Hide amounts`}
      data-testid="hide-amounts"
      onClick={onToggle}
    >
      <Icon path={hidden ? eyeOffIcon : eyeIcon} />
    </button>
  );
}
