import { useId } from 'react';
import type { Language, Locale } from '../../contract/languages';

interface Props {
  label: string;
  languages: readonly Language[];
  value: Locale;
  onChange: (locale: Locale) => void;
}

/** The language menu: each language named in itself, so anyone can find their own. */
export function LanguagePicker({ label, languages, value, onChange }: Props) {
  const id = useId();
  return (
    <div className="language-picker">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="input" value={value} onChange={(event) => onChange(event.target.value as Locale)}>
        {languages.map((language) => (
          <option key={language.locale} value={language.locale} lang={language.locale}>
            {language.name}
          </option>
        ))}
      </select>
    </div>
  );
}
