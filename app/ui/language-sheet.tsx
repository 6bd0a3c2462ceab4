import { useLingui } from '@lingui/react/macro';
import type { WireLanguage } from '../../contract/rules';
import type { Language } from '../../contract/languages';
import { BottomSheet } from './bottom-sheet';

/** The eight languages, each in its own name, plus Auto (follow the device). */
export function LanguageSheet({
  languages,
  choice,
  onChoose,
  onClose,
}: {
  languages: readonly Language[];
  choice: WireLanguage | null;
  onChoose: (choice: WireLanguage | null) => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const options: { wire: WireLanguage | null; name: string; lang?: string }[] = [
    { wire: null, name: t`Auto (device language)` },
    ...languages.map((language) => ({ wire: language.wire, name: language.name, lang: language.locale })),
  ];
  return (
    <BottomSheet title={t`Language`} onClose={onClose} testId="language-sheet">
      <div role="radiogroup" aria-label={t`Language`}>
        {options.map((option) => (
          <button
            key={option.wire ?? 'auto'}
            type="button"
            role="radio"
            aria-checked={choice === option.wire}
            className="sheet-option"
            lang={option.lang}
            onClick={() => onChoose(option.wire)}
          >
            {option.name}
            {choice === option.wire ? <span aria-hidden="true">✓</span> : null}
          </button>
        ))}
      </div>
      <button type="button" className="button secondary sheet-cancel" onClick={onClose}>
        {t`Cancel`}
      </button>
    </BottomSheet>
  );
}
