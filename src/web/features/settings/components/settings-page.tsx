import { useMemo, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Loader2 } from 'lucide-react';
import { isLanguage, LANGUAGE_NAMES } from '@/shared/i18n';
import type { UserProfile } from '@/shared/schemas/auth';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Checkbox } from '@/web/components/ui/checkbox';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { apiErrorText, isApiError } from '@/web/lib/api-client';
import { fieldErrorText } from '@/web/lib/form-errors';
import { toastApiError } from '@/web/lib/toast-api-error';
import { useUserProfileQuery } from '@/web/lib/user-profile';
import { useConfirmIdentifierChange } from '../api/confirm-identifier-change';
import { PREFERENCE_NAMES, usePreferences, useSavePreferences, type Preferences } from '../api/preferences';
import { updateProfile, useUpdateProfile, type ProfileUpdate } from '../api/update-profile';
import { changedIdentifiers } from '../lib/profile-changes';
import {
  PROFILE_FIELDS,
  settingsFormSchema,
  settingsFormValues,
  type SettingsChanges,
  type SettingsFormInput,
} from '../lib/settings-form';
import { AvatarSection } from './avatar-section';
import { ChangePasswordSection } from './change-password-section';
import { DeleteAccountSection } from './delete-account-section';

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
  /** Once the account is deleted: leave as a signed-out visitor (the auth feature's, composed by the route). */
  onAccountDeleted: () => Promise<void>;
}

const samePreferences = (a: Preferences, b: Preferences | undefined) => PREFERENCE_NAMES.every((name) => a[name] === b?.[name]);

/**
 * /dashboard/settings: picture, Profile Information, Notification Preferences and language; Cancel and Save Changes;
 * then Change Password and Delete Account.
 */
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

function SettingsForms({ profile, renderCodeEntry, languageSelect, onAccountDeleted }: SettingsPageProps & { profile: UserProfile }) {
  const { t } = useTranslation();
  const [pendingChange, setPendingChange] = useState<{ identifier: string; request: ProfileUpdate } | null>(null);
  const preferences = usePreferences();
  const savePreferences = useSavePreferences();
  const update = useUpdateProfile();
  const confirm = useConfirmIdentifierChange();
  const schema = useMemo(() => settingsFormSchema(profile), [profile]);
  // What the server has; a newer profile or the preferences arriving update the fields nobody has edited.
  const serverValues = useMemo(() => settingsFormValues(profile, preferences.data), [profile, preferences.data]);
  const form = useForm<SettingsFormInput, unknown, SettingsChanges>({
    resolver: zodResolver(schema),
    values: serverValues,
    resetOptions: { keepDirtyValues: true },
    // Messages stay until the next save.
    reValidateMode: 'onSubmit',
  });
  const { errors } = form.formState;
  const typed = useWatch({ control: form.control });
  const shownPreferences = typed.preferences ?? null;
  const changed = changedIdentifiers({ ...serverValues, ...typed }, profile);
  const needsPassword = changed.email || changed.phone;
  const isSaving = update.isPending || savePreferences.isPending;

  // Everything back to what the server has (edits included, unlike a refresh of the server's values).
  const handleCancel = () => form.reset(serverValues, { keepDirtyValues: false });

  const saveProfile = async (body: ProfileUpdate | null): Promise<boolean | null> => {
    if (!body) return null;
    try {
      const result = await update.mutateAsync(body);
      // The saved profile (a new email or phone shows once confirmed); unsaved preferences stay as they are.
      const saved = settingsFormValues(result.profile, preferences.data);
      for (const name of PROFILE_FIELDS) form.resetField(name, { defaultValue: saved[name] });
      if (result.isConfirmationPending) {
        setPendingChange({ identifier: body.email ?? body.phone ?? '', request: body });
        toast.info(t('settings.toasts.codeSent.title'), { description: t('settings.toasts.codeSent.description') });
      } else {
        toast.success(t('settings.toasts.profileUpdated.title'), { description: t('settings.toasts.profileUpdated.description') });
      }
      return true;
    } catch (failure) {
      if (isApiError(failure)) {
        for (const name of PROFILE_FIELDS) {
          const key = failure.fieldKeys[name]?.[0];
          if (key) form.setError(name, { message: key });
        }
      }
      toastApiError(t, failure, t('settings.toasts.saveFailed'), { alsoWhenUnavailable: true });
      return false;
    }
  };

  /** Saved when they differ from the server's. */
  const savePreferenceChanges = async (shown: Preferences | null): Promise<boolean | null> => {
    if (!shown || samePreferences(shown, preferences.data)) return null;
    try {
      const saved = await savePreferences.mutateAsync(shown);
      form.resetField('preferences', { defaultValue: saved });
      toast.success(t('settings.toasts.preferencesSaved.title'), { description: t('settings.toasts.preferencesSaved.description') });
      return true;
    } catch (failure) {
      toastApiError(t, failure, t('settings.toasts.saveFailed'), { alsoWhenUnavailable: true });
      return false;
    }
  };

  const handleValid = async (changes: SettingsChanges) => {
    const [profileSaved, preferencesSaved] = [await saveProfile(changes.profile), await savePreferenceChanges(changes.preferences)];
    if (profileSaved === null && preferencesSaved === null) {
      toast.success(t('settings.toasts.changesSaved.title'), { description: t('settings.toasts.changesSaved.description') });
    }
  };

  // A profile problem is the spec's "Validation Error"; the preferences are saved all the same.
  const handleInvalid = async (invalid: FieldErrors<SettingsFormInput>) => {
    const first = PROFILE_FIELDS.map((name) => invalid[name]).find(Boolean);
    toast.error(t('auth.toasts.validationError'), { description: fieldErrorText(t, first) });
    await savePreferenceChanges(form.getValues('preferences'));
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
        <form onSubmit={form.handleSubmit(handleValid, handleInvalid)} noValidate className="grid gap-6">
          <Card>
            <CardHeader>
              <CardTitle>
                <h3 className="text-lg font-semibold">{t('settings.profile.title')}</h3>
              </CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4">
              <FormField label={t('settings.profile.name')} error={fieldErrorText(t, errors.name)} id="settings-name">
                <Input autoComplete="name" maxLength={100} {...form.register('name')} />
              </FormField>
              <FormField label={t('settings.profile.email')} error={fieldErrorText(t, errors.email)} id="settings-email">
                <Input type="email" autoComplete="email" maxLength={254} {...form.register('email')} />
              </FormField>
              <FormField
                label={t('settings.profile.phone')}
                error={fieldErrorText(t, errors.phone)}
                id="settings-phone"
                description={t('settings.profile.phoneHint')}
              >
                <Input type="tel" autoComplete="tel" maxLength={24} {...form.register('phone')} />
              </FormField>
              {needsPassword && (
                <FormField
                  label={t('settings.profile.currentPassword')}
                  error={fieldErrorText(t, errors.currentPassword)}
                  id="settings-current-password"
                  description={t('settings.profile.currentPasswordHint')}
                >
                  <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
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
                      <Controller
                        control={form.control}
                        name={`preferences.${name}`}
                        render={({ field }) => (
                          <Checkbox
                            id={`preference-${name}`}
                            ref={field.ref}
                            name={field.name}
                            className="mt-0.5"
                            checked={field.value ?? false}
                            aria-describedby={`preference-${name}-hint`}
                            onBlur={field.onBlur}
                            onCheckedChange={(checked) => field.onChange(checked === true)}
                          />
                        )}
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
            <CardContent className="grid gap-3">
              {languageSelect}
              <MessagesLanguage saved={profile.language} />
            </CardContent>
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

      <ChangePasswordSection />
      <DeleteAccountSection onDeleted={onAccountDeleted} />
    </div>
  );
}

/**
 * The screen's language can come from the address (`?lng=fr`) without being the account's: then the messages we
 * send (codes, receipts, updates) are still in the saved one. Say so, and offer to make them one.
 */
function MessagesLanguage({ saved }: { saved: string }) {
  const { t, i18n } = useTranslation();
  const update = useUpdateProfile();
  const screen = i18n.resolvedLanguage ?? i18n.language;
  if (!isLanguage(saved) || !isLanguage(screen) || saved === screen) return null;
  const sendMessagesInScreenLanguage = () =>
    update.mutate(
      { language: screen },
      {
        onSuccess: () => toast.success(t('settings.language.messagesChanged', { language: LANGUAGE_NAMES[screen] })),
        onError: (error) => toastApiError(t, error, t('settings.toasts.saveFailed')),
      },
    );
  return (
    <div className="grid justify-items-start gap-2 rounded-md border border-border p-3 text-sm" data-testid="messages-language">
      <p>{t('settings.language.messagesIn', { language: LANGUAGE_NAMES[saved] })}</p>
      <Button type="button" variant="outline" size="sm" disabled={update.isPending} onClick={sendMessagesInScreenLanguage}>
        {update.isPending && <Loader2 className="motion-safe:animate-spin" aria-hidden="true" />}
        {t('settings.language.useForMessages', { language: LANGUAGE_NAMES[screen] })}
      </Button>
    </div>
  );
}
