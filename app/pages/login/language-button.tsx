import { useLingui } from '@lingui/react/macro';
import { activeLanguageAtom } from '../../state/language';
import { useAtomValue, useSetAtom } from '../../state/store';
import { languageSheetOpenAtom } from '../../state/ui';
import { Icon, globeIcon } from '../../ui/icons';

/** Opens the language sheet from the sign-in screens, naming the language in use. */
export function LanguageButton() {
  const { t } = useLingui();
  const language = useAtomValue(activeLanguageAtom);
  const open = useSetAtom(languageSheetOpenAtom);
  return (
    <button
      type="button"
      className="language-button"
      onClick={() => open(true)}
      aria-label={t`Language: ${language.name}`}
    >
      <Icon path={globeIcon} />
      <span aria-hidden="true">{language.name}</span>
    </button>
  );
}
