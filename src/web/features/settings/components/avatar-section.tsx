import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Camera, Loader2, UserRound } from 'lucide-react';
import type { UserProfile } from '@/shared/schemas/auth';
import { Avatar, AvatarFallback, AvatarImage } from '@/web/components/ui/avatar';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { apiErrorText } from '@/web/lib/api-client';
import { initialsOf } from '@/web/lib/initials';
import { toastApiError } from '@/web/lib/toast-api-error';
import { useUploadAvatar } from '../api/upload-avatar';
import { AVATAR_TYPES, avatarFileProblem } from '../lib/avatar-file';

/** Profile picture: JPEG, PNG or WebP up to 2 MB, checked here first and by its bytes on the server. */
export function AvatarSection({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string>();
  const upload = useUploadAvatar();

  const handleFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file chosen again after a refusal must fire a change too.
    event.target.value = '';
    if (!file) return;
    const problem = avatarFileProblem(file);
    if (problem) {
      setError(t(problem));
      toast.error(t('settings.avatar.invalidTitle'), { description: t(problem) });
      return;
    }
    setError(undefined);
    try {
      await upload.mutateAsync(file);
      toast.success(t('settings.toasts.pictureUpdated.title'), { description: t('settings.toasts.pictureUpdated.description') });
    } catch (failure) {
      setError(apiErrorText(t, failure));
      toastApiError(t, failure, t('settings.avatar.invalidTitle'), { alsoWhenUnavailable: true });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h3 className="text-lg font-semibold">{t('settings.avatar.title')}</h3>
        </CardTitle>
        <CardDescription>{t('settings.avatar.hint')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center gap-4">
        <Avatar className="size-20 text-lg">
          {profile.profileImage && <AvatarImage src={profile.profileImage} alt={t('settings.avatar.alt')} data-testid="settings-avatar-image" />}
          <AvatarFallback aria-hidden="true">{initialsOf(profile.name) || <UserRound className="size-6" />}</AvatarFallback>
        </Avatar>
        <div className="grid gap-2">
          <input
            ref={input}
            id="avatar-file"
            type="file"
            accept={AVATAR_TYPES.join(',')}
            className="sr-only"
            aria-label={t('settings.avatar.change')}
            aria-describedby={error ? 'avatar-file-error' : undefined}
            aria-invalid={error ? true : undefined}
            onChange={(event) => void handleFile(event)}
            tabIndex={-1}
          />
          <Button type="button" variant="outline" disabled={upload.isPending} onClick={() => input.current?.click()}>
            {upload.isPending ? <Loader2 className="motion-safe:animate-spin" aria-hidden="true" /> : <Camera aria-hidden="true" />}
            {upload.isPending ? t('settings.avatar.uploading') : t('settings.avatar.change')}
          </Button>
          {error && (
            <p id="avatar-file-error" role="alert" className="text-sm font-medium text-destructive">
              {error}
            </p>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
