import { useLingui } from '@lingui/react/macro';
import { activateLocale } from '../i18n/i18n';
import { LANGUAGES, languageByLocale } from '../../contract/languages';
import { languageAtom } from './language';
import { useAtom } from './store';
import { LanguagePicker } from '../ui/language-picker';

/** The console's language, remembered on this browser; the catalog loads before the switch. */
export function LanguageMenu() {
  const { t } = useLingui();
  const [language, setLanguage] = useAtom(languageAtom);
  return (
    <LanguagePicker
      label={t`Language`}
      languages={LANGUAGES}
      value={language.locale}
      onChange={(locale) => {
        const next = languageByLocale(locale);
        if (next) void activateLocale(next.locale).then(() => setLanguage(next));
      }}
    />
  );
}
