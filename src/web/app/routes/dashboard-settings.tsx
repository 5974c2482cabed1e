import { CodeEntry, useLeaveSignedOut } from '@/web/features/auth';
import { LanguageSelect } from '@/web/features/landing/components/language-select';
import { SettingsPage } from '@/web/features/settings';

/**
 * Settings composes the auth feature's code entry (for a new email or phone), its way out once the account is
 * deleted, and the app's language picker.
 */
export function Component() {
  const leaveSignedOut = useLeaveSignedOut();
  return (
    <SettingsPage
      onAccountDeleted={leaveSignedOut}
      languageSelect={<LanguageSelect id="settings-language" />}
      renderCodeEntry={({ identifier, verify, onVerified, resend, onBack }) => (
        <CodeEntry id="settings-code" identifier={identifier} verify={verify} onVerified={onVerified} resend={resend} onBack={onBack} />
      )}
    />
  );
}
