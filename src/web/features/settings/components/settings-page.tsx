import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Loader2 } from 'lucide-react';
import { AUTH_MESSAGE_KEYS, type UserProfile } from '@/shared/schemas/auth';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Checkbox } from '@/web/components/ui/checkbox';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { apiErrorText, isApiError } from '@/web/lib/api-client';
import { useUserProfileQuery } from '@/web/lib/user-profile';
import { useConfirmIdentifierChange } from '../api/confirm-identifier-change';
import { PREFERENCE_NAMES, usePreferences, useSavePreferences, type Preferences } from '../api/preferences';
import { updateProfile, useUpdateProfile, type ProfileUpdate } from '../api/update-profile';
import { changedIdentifiers, formFromProfile, profileUpdateOf, type ProfileForm } from '../lib/profile-changes';
import { AvatarSection } from './avatar-section';

/** What the route gives the page for the code step: the auth feature's code entry (features do not import each other). */
export interface CodeEntrySlotProps {
  identifier: string;
  verify: (code: string) => Promise<UserProfile>;
  onVerified: () => Promise<void>;
  resend: () => Promise<unknown>;
  onBack: () => void;
}

export interface SettingsPageProps {
  renderCodeEntry: (props: CodeEntrySlotProps) => ReactNode;
  /** The app's language picker; the choice is saved to the account (lib/account-language.ts). */
  languageSelect: ReactNode;
}

type FieldErrors = Partial<Record<keyof ProfileForm, string>>;

/** /dashboard/settings: picture, Profile Information, Notification Preferences and language; Cancel and Save Changes. */
export function SettingsPage(props: SettingsPageProps) {
  const { t } = useTranslation();
  const profile = useUserProfileQuery();
  if (!profile.data) {
    return (
      <p role="status" className="flex items-center justify-center gap-2 py-12 text-muted-foreground">
        <Loader2 className="size-5 motion-safe:animate-spin" aria-hidden="true" />
        {t('settings.loading')}
      </p>
    );
  }
  return <SettingsForms profile={profile.data} {...props} />;
}

function SettingsForms({ profile, renderCodeEntry, languageSelect }: SettingsPageProps & { profile: UserProfile }) {
  const { t } = useTranslation();
  // Drafts are null while they equal what the server has; Cancel sets them back to null.
  const [draft, setDraft] = useState<ProfileForm | null>(null);
  const [preferencesDraft, setPreferencesDraft] = useState<Preferences | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pendingChange, setPendingChange] = useState<{ identifier: string; request: ProfileUpdate } | null>(null);
  const preferences = usePreferences();
  const savePreferences = useSavePreferences();
  const update = useUpdateProfile();
  const confirm = useConfirmIdentifierChange();

  const form = draft ?? formFromProfile(profile);
  const shownPreferences = preferencesDraft ?? preferences.data;
  const changed = changedIdentifiers(form, profile);
  const needsPassword = changed.email || changed.phone;
  const isSaving = update.isPending || savePreferences.isPending;

  const setField = (name: keyof ProfileForm) => (value: string) => setDraft({ ...form, [name]: value });

  const handleCancel = () => {
    setDraft(null);
    setPreferencesDraft(null);
    setErrors({});
  };

  const saveProfile = async (): Promise<boolean | null> => {
    const body = profileUpdateOf(form, profile);
    if (!body) return null;
    const next: FieldErrors = {};
    if (body.name === '') next.name = t(AUTH_MESSAGE_KEYS.requiredFields);
    if (body.currentPassword === '') next.currentPassword = t('settings.profile.currentPasswordRequired');
    setErrors(next);
    if (Object.keys(next).length > 0) {
      toast.error(t('auth.toasts.validationError'), { description: Object.values(next)[0] });
      return false;
    }
    try {
      const result = await update.mutateAsync(body);
      setDraft(null);
      if (result.isConfirmationPending) {
        setPendingChange({ identifier: body.email ?? body.phone ?? '', request: body });
        toast.info(t('settings.toasts.codeSent.title'), { description: t('settings.toasts.codeSent.description') });
      } else {
        toast.success(t('settings.toasts.profileUpdated.title'), { description: t('settings.toasts.profileUpdated.description') });
      }
      return true;
    } catch (failure) {
      if (isApiError(failure)) {
        setErrors(
          Object.fromEntries(Object.entries(failure.fieldKeys).map(([field, keys]) => [field, t(keys[0] ?? '')])) as FieldErrors,
        );
      }
      toast.error(t('settings.toasts.saveFailed'), { description: apiErrorText(t, failure) });
      return false;
    }
  };

  const savePreferenceChanges = async (): Promise<boolean | null> => {
    if (!preferencesDraft) return null;
    try {
      await savePreferences.mutateAsync(preferencesDraft);
      setPreferencesDraft(null);
      toast.success(t('settings.toasts.preferencesSaved.title'), { description: t('settings.toasts.preferencesSaved.description') });
      return true;
    } catch (failure) {
      toast.error(t('settings.toasts.saveFailed'), { description: apiErrorText(t, failure) });
      return false;
    }
  };

  const handleSave = async (event: FormEvent) => {
    event.preventDefault();
    const [profileSaved, preferencesSaved] = [await saveProfile(), await savePreferenceChanges()];
    if (profileSaved === null && preferencesSaved === null) {
      toast.success(t('settings.toasts.changesSaved.title'), { description: t('settings.toasts.changesSaved.description') });
    }
  };

  return (
    <div className="mx-auto grid w-full max-w-3xl min-w-0 gap-6">
      <header className="grid gap-1">
        <h2 className="text-2xl font-bold tracking-tight">{t('settings.title')}</h2>
        <p className="text-muted-foreground">{t('settings.subtitle')}</p>
      </header>

      <AvatarSection profile={profile} />

      {pendingChange ? (
        <Card>
          <CardHeader>
            <CardTitle>
              <h3 className="text-lg font-semibold">{t('settings.confirm.title')}</h3>
            </CardTitle>
            <CardDescription>
              {t('settings.confirm.sentTo')} <strong className="break-all text-foreground">{pendingChange.identifier}</strong>
            </CardDescription>
          </CardHeader>
          <CardContent>
            {renderCodeEntry({
              identifier: pendingChange.identifier,
              verify: (code) => confirm.mutateAsync(code),
              onVerified: async () => {
                setPendingChange(null);
                toast.success(t('settings.toasts.changesSaved.title'), { description: t('settings.toasts.changesSaved.description') });
              },
              // Asking again sends a new code (the server keeps one pending change per account).
              resend: () => updateProfile(pendingChange.request),
              onBack: () => setPendingChange(null),
            })}
          </CardContent>
        </Card>
      ) : (
        <form onSubmit={(event) => void handleSave(event)} noValidate className="grid gap-6">
          <Card>
            <CardHeader>
              <CardTitle>
                <h3 className="text-lg font-semibold">{t('settings.profile.title')}</h3>
              </CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4">
              <FormField label={t('settings.profile.name')} error={errors.name} id="settings-name">
                <Input autoComplete="name" maxLength={100} value={form.name} onChange={(event) => setField('name')(event.target.value)} />
              </FormField>
              <FormField label={t('settings.profile.email')} error={errors.email} id="settings-email">
                <Input type="email" autoComplete="email" maxLength={254} value={form.email} onChange={(event) => setField('email')(event.target.value)} />
              </FormField>
              <FormField
                label={t('settings.profile.phone')}
                error={errors.phone}
                id="settings-phone"
                description={t('settings.profile.phoneHint')}
              >
                <Input type="tel" autoComplete="tel" maxLength={24} value={form.phone} onChange={(event) => setField('phone')(event.target.value)} />
              </FormField>
              {needsPassword && (
                <FormField
                  label={t('settings.profile.currentPassword')}
                  error={errors.currentPassword}
                  id="settings-current-password"
                  description={t('settings.profile.currentPasswordHint')}
                >
                  <Input
                    type="password"
                    autoComplete="current-password"
                    value={form.currentPassword}
                    onChange={(event) => setField('currentPassword')(event.target.value)}
                  />
                </FormField>
              )}
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>
                <h3 className="text-lg font-semibold">{t('settings.preferences.title')}</h3>
              </CardTitle>
            </CardHeader>
            <CardContent>
              {preferences.isError ? (
                <div role="alert" className="grid justify-items-start gap-2">
                  <p>{apiErrorText(t, preferences.error)}</p>
                  <Button type="button" variant="outline" size="sm" onClick={() => void preferences.refetch()}>
                    {t('settings.retry')}
                  </Button>
                </div>
              ) : (
                <fieldset className="grid gap-4" disabled={!shownPreferences}>
                  <legend className="sr-only">{t('settings.preferences.title')}</legend>
                  {PREFERENCE_NAMES.map((name) => (
                    <div key={name} className="flex items-start gap-3">
                      <Checkbox
                        id={`preference-${name}`}
                        className="mt-0.5"
                        checked={shownPreferences?.[name] ?? false}
                        aria-describedby={`preference-${name}-hint`}
                        onCheckedChange={(checked) =>
                          shownPreferences && setPreferencesDraft({ ...shownPreferences, [name]: checked === true })
                        }
                      />
                      <div className="grid gap-0.5">
                        <Label htmlFor={`preference-${name}`}>{t(`settings.preferences.${name}.label`)}</Label>
                        <p id={`preference-${name}-hint`} className="text-sm text-muted-foreground">
                          {t(`settings.preferences.${name}.hint`)}
                        </p>
                      </div>
                    </div>
                  ))}
                </fieldset>
              )}
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>
                <h3 className="text-lg font-semibold">{t('settings.language.title')}</h3>
              </CardTitle>
              <CardDescription>{t('settings.language.hint')}</CardDescription>
            </CardHeader>
            <CardContent>{languageSelect}</CardContent>
          </Card>

          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="outline" onClick={handleCancel} disabled={isSaving}>
              {t('settings.cancel')}
            </Button>
            <Button type="submit" disabled={isSaving}>
              {isSaving && <Loader2 className="motion-safe:animate-spin" aria-hidden="true" />}
              {isSaving ? t('settings.saving') : t('settings.save')}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
