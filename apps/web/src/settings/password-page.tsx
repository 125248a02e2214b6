import { useState } from 'react';
import { useForm, type FieldError } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { PASSWORD_MIN_LENGTH, type PasswordChange } from '@rustico/core';
import { api, isApiError } from '../lib/api.ts';
import { config } from '../lib/config.ts';
import { errorCodeText, errorText } from '../lib/error-text.ts';
import { fieldErrorText } from '../lib/form-errors.ts';
import { t } from '../lib/i18n.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Page, pageStyles } from '../ui/page.tsx';
import { PasswordField } from '../ui/password-field.tsx';
import { lazyZodResolver } from '../ui/lazy-resolver.ts';
import { useToast } from '../ui/toast-context.ts';
import { Actions } from '../ui/actions.tsx';
import styles from './profile.module.css';

const resolver = lazyZodResolver(() => import('./form-schemas.ts').then((schemas) => schemas.passwordChangeSchema));

function newPasswordErrorText(error: FieldError | undefined): string | undefined {
  if (error?.type === 'too_small') return t('setup.passwordTooShort', { min: PASSWORD_MIN_LENGTH });
  return fieldErrorText(error);
}

/** /app/impostazioni/password: my own password, with the current one; my other devices are logged out. */
export function PasswordPage() {
  const { toast } = useToast();
  const navigate = useNavigate();
  const [alert, setAlert] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<PasswordChange>({ resolver, defaultValues: { currentPassword: '', newPassword: '' } });

  const onSubmit = async (values: PasswordChange) => {
    setAlert(null);
    try {
      await api.put('/profile/password', values);
    } catch (error) {
      if (isApiError(error) && (error.field === 'currentPassword' || error.field === 'newPassword')) {
        setError(error.field, { type: 'server', message: errorCodeText(error.code) });
      } else setAlert(errorText(error));
      return;
    }
    toast({ title: t('ownPassword.changed') });
    await navigate('/app/impostazioni');
  };

  return (
    <Page
      title={t('ownPassword.title')}
      titleSuffix={config.houseName}
      before={
        <Link to="/app/impostazioni" className={pageStyles.back}>
          <ArrowLeft size={18} aria-hidden="true" />
          {t('settings.title')}
        </Link>
      }
    >
      <form className={styles.form} onSubmit={handleSubmit(onSubmit)} noValidate>
        <p>{t('ownPassword.lead')}</p>
        <PasswordField
          {...register('currentPassword')}
          label={t('ownPassword.current')}
          autoComplete="current-password"
          required
          error={fieldErrorText(errors.currentPassword)}
          onClearError={() => clearErrors('currentPassword')}
        />
        <PasswordField
          {...register('newPassword')}
          label={t('ownPassword.new')}
          autoComplete="new-password"
          required
          supportingText={t('setup.passwordHint', { min: PASSWORD_MIN_LENGTH })}
          error={newPasswordErrorText(errors.newPassword)}
          onClearError={() => clearErrors('newPassword')}
        />
        {alert ? <Alert>{alert}</Alert> : null}
        <Actions end>
          <Button type="submit" loading={isSubmitting}>
            {t('ownPassword.save')}
          </Button>
        </Actions>
      </form>
    </Page>
  );
}

export { PasswordPage as Component };
