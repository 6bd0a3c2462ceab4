import { useLingui } from '@lingui/react/macro';
import { copyText } from '../lib/clipboard';
import { Icon } from './icons';
import { copyIcon } from './page-icons';

/** Copies `text` and confirms with the seed's "copy success!" toast (given by the caller). */
export function CopyButton({ text, label, onCopied }: { text: string; label: string; onCopied: () => void }) {
  const { t } = useLingui();
  return (
    <button
      type="button"
      className="button secondary small-button"
      aria-label={label}
      onClick={() => void copyText(text).then((copied) => (copied ? onCopied() : undefined))}
    >
      <Icon path={copyIcon} />
      {t`Copy`}
    </button>
  );
}
