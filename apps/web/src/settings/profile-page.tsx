import type { SessionUser } from '@rustico/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { ArrowLeft, KeyRound } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { useCurrentUser } from '../auth/queries.ts';
import { isApiError, staleEditOf } from '../lib/api.ts';
import { config } from '../lib/config.ts';
import { errorCodeText, errorText } from '../lib/error-text.ts';
import { fieldErrorText } from '../lib/form-errors.ts';
import { t } from '../lib/i18n.ts';
import { Button, buttonClass } from '../ui/button.tsx';
import { Page, pageStyles } from '../ui/page.tsx';
import { TextField } from '../ui/text-field.tsx';
import { lazyZodResolver } from '../ui/lazy-resolver.ts';
import { useToast } from '../ui/toast-context.ts';
import { lookAgainText } from '../ui/stale-edit.tsx';
import type { profileUpdateSchema } from './form-schemas.ts';
import type { PictureKind } from './photo-check.ts';
import { PhotoPicker, usePickedPhoto } from './photo-picker.tsx';
import { showUpdatedUser, updateName, uploadPhoto } from './queries.ts';
import { Actions } from '../ui/actions.tsx';
import styles from './profile.module.css';

type ProfileInput = z.input<typeof profileUpdateSchema>;
type ProfileOutput = z.output<typeof profileUpdateSchema>;
const resolver = lazyZodResolver(() => import('./form-schemas.ts').then((schemas) => schemas.profileUpdateSchema));

/** /app/impostazioni/profilo: my photo and display name; the email is shown, the password changes on its own page. */
export function ProfilePage() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [picked, pick] = usePickedPhoto();
  // Why the last file chosen was not taken; the photo shown stays the one saved.
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [previewFailed, setPreviewFailed] = useState(false);
  const choose = (file: File | null, kind?: PictureKind) => {
    pick(file, kind);
    setPreviewFailed(false);
  };
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<ProfileInput, unknown, ProfileOutput>({
    resolver,
    defaultValues: { name: user.name },
    shouldFocusError: false,
    reValidateMode: 'onSubmit',
  });

  const onSubmit = async ({ name }: ProfileOutput) => {
    let base = user.version;
    if (picked) {
      try {
        const uploaded = await uploadPhoto(picked.file);
        showUpdatedUser(queryClient, uploaded);
        // The photo is one change made on the version this form saw; more than one means another device changed the profile too.
        if (uploaded.version === base + 1) base = uploaded.version;
        choose(null);
      } catch (error) {
        console.warn('Profile photo upload failed', error);
        toast({ title: t('profile.uploadFailed'), error: true });
        // A photo the server will not take goes, and says why; one the network lost stays, to send again.
        if (isApiError(error) && error.status >= 400 && error.status < 500) {
          choose(null);
          setPhotoError(t('photoChoice.refused', { reason: errorText(error) }));
        }
        return;
      }
    }
    try {
      showUpdatedUser(queryClient, await updateName(name, base));
    } catch (error) {
      const stale = staleEditOf<SessionUser>(error);
      if (stale) {
        // Changed on another device meanwhile: the name typed stays in the field, the profile shows what is saved now.
        showUpdatedUser(queryClient, stale.current);
        toast({ title: lookAgainText(stale.changedByName), error: true });
        return;
      }
      if (isApiError(error) && error.field === 'name') {
        setError('name', { type: 'server', message: errorCodeText(error.code) });
      }
      toast({ title: t('profile.updateFailed'), error: true });
      return;
    }
    toast({ title: t('profile.saved') });
  };

  const back = (
    <Link to="/app/impostazioni" className={pageStyles.back}>
      <ArrowLeft size={18} aria-hidden="true" />
      {t('settings.title')}
    </Link>
  );

  return (
    <Page title={t('profile.title')} titleSuffix={config.houseName} before={back}>
      <form className={styles.form} onSubmit={handleSubmit(onSubmit)} noValidate>
        <PhotoPicker
          photoUrl={user.photoUrl}
          name={user.name}
          preview={previewFailed ? null : (picked?.url ?? null)}
          onPick={(file, kind) => {
            setPhotoError(null);
            choose(file, kind);
          }}
          onRefuse={setPhotoError}
          onPreviewFailed={() => {
            // Not every browser draws HEIC (the server reads it); any other kind it cannot draw is broken.
            if (picked?.kind === 'heif') {
              setPreviewFailed(true);
              return;
            }
            setPhotoError(t('photoChoice.unreadable', { name: picked?.file.name ?? '' }));
            choose(null);
          }}
          error={photoError}
          note={previewFailed ? t('photoChoice.noPreview', { name: picked?.file.name ?? '' }) : null}
          disabled={isSubmitting}
        />
        <TextField
          {...register('name')}
          label={t('profile.name')}
          autoComplete="nickname"
          required
          error={fieldErrorText(errors.name)}
          onClearError={() => clearErrors('name')}
        />
        <TextField
          label={t('profile.email')}
          type="email"
          value={user.email}
          readOnly
          disabled
          supportingText={t('profile.emailHint')}
        />
        <Link to="/app/impostazioni/password" className={buttonClass({ variant: 'outlined' })}>
          <KeyRound size={18} aria-hidden="true" />
          {t('ownPassword.title')}
        </Link>
        <Actions end>
          <Button type="submit" loading={isSubmitting}>
            {t('profile.save')}
          </Button>
        </Actions>
      </form>
    </Page>
  );
}

export { ProfilePage as Component };
