import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { installOptionAtom, promptInstall } from '../../state/install';
import { useAtomValue } from '../../state/store';
import { BottomSheet } from '../../ui/bottom-sheet';
import { downloadIcon } from '../../ui/page-icons';
import { MenuButton } from '../../ui/menu';

/**
 * "Add to home screen": the browser's own prompt where it offers one, short instructions on
 * iPhone and iPad (Safari has no prompt), nothing once the app is installed.
 */
export function InstallEntry() {
  const { t } = useLingui();
  const option = useAtomValue(installOptionAtom);
  const [showSteps, setShowSteps] = useState(false);
  if (!option) return null;
  return (
    <>
      <MenuButton
        icon={downloadIcon}
        label={t`Add to home screen`}
        testId="install-app"
        onPress={() => (option.kind === 'prompt' ? void promptInstall(option.event) : setShowSteps(true))}
      />
      {showSteps ? (
        <BottomSheet title={t`Add to home screen`} onClose={() => setShowSteps(false)}>
          <ol className="steps">
            <li>
              <Trans>Tap the Share button in Safari’s toolbar.</Trans>
            </li>
            <li>
              <Trans>Choose “Add to Home Screen”.</Trans>
            </li>
            <li>
              <Trans>Tap “Add”. The wallet then opens from your home screen, even offline.</Trans>
            </li>
          </ol>
          <button type="button" className="button secondary sheet-cancel" onClick={() => setShowSteps(false)}>
            {t`Close`}
          </button>
        </BottomSheet>
      ) : null}
    </>
  );
}
