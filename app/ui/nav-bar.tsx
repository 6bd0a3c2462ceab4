import { useLingui } from '@lingui/react/macro';
import { Icon, backIcon } from './icons';

/** The back bar every page but the tabs has: back in history (or Home) and the page title. */
export function NavBar({ title, onBack }: { title: string; onBack: () => void }) {
  const { t } = useLingui();
  return (
    <header className="nav-bar">
      <button type="button" className="icon-button" onClick={onBack} aria-label={t`Back`} data-testid="nav-back">
        <Icon path={backIcon} />
      </button>
      <h1>{title}</h1>
      <span />
    </header>
  );
}
