import { useState } from 'react';
import { useForm, type FieldError } from 'react-hook-form';
import { Link, useLoaderData, useNavigate, useParams, type LoaderFunctionArgs } from 'react-router';
import { Fingerprint } from 'lucide-react';
import { PASSWORD_MIN_LENGTH, type passwordLinkStatusSchema, type PasswordLinkStatus } from '@rustico/core';
import type { z } from 'zod';
import { api, isApiError, type Answer } from '../lib/api.ts';
import { config } from '../lib/config.ts';
import { errorCodeText, errorText } from '../lib/error-text.ts';
import { fieldErrorText } from '../lib/form-errors.ts';
import { t } from '../lib/i18n.ts';
import { passkeysHere } from '../lib/passkeys.ts';
import { Alert } from '../ui/alert.tsx';
import { Button, buttonClass } from '../ui/button.tsx';
import { useDocumentTitle } from '../ui/page.tsx';
import { lazyZodResolver } from '../ui/lazy-resolver.ts';
import { PasswordField } from '../ui/password-field.tsx';
import type { passwordLinkFormSchema } from './form-schemas.ts';
import styles from './auth-layout.module.css';
import { Logo } from '../ui/logo.tsx';

type FormInput = z.input<typeof passwordLinkFormSchema>;
type FormOutput = z.output<typeof passwordLinkFormSchema>;
const resolver = lazyZodResolver(() => import('./form-schemas.ts').then((schemas) => schemas.passwordLinkFormSchema));

/** Completing an invitation with a passkey: fetched when the new member chooses it. */
const loadPasskeyInvitation = () => import('./passkey-invitation.ts');

const INVALID: PasswordLinkStatus = { valid: false, purpose: null, name: null, email: null };

export async function loader({ params }: LoaderFunctionArgs): Promise<PasswordLinkStatus> {
  try {
    return await api.get<Answer<typeof passwordLinkStatusSchema>>(`/password-links/${encodeURIComponent(params.token ?? '')}`);
  } catch (error) {
    if (isApiError(error) && error.status >= 400 && error.status < 500) return INVALID;
    throw error;
  }
}

function passwordErrorText(error: FieldError | undefined, value: string): string | undefined {
  if (error?.type === 'too_small' && value !== '') return t('setup.passwordTooShort', { min: PASSWORD_MIN_LENGTH });
  return fieldErrorText(error);
}

function ToLogin({ primary }: { primary: boolean }) {
  return (
    <Link to="/login" className={buttonClass({ variant: primary ? 'filled' : 'text', block: true })}>
      {t('password.backToLogin')}
    </Link>
  );
}

/**
 * /nuova-password/:token: a forgotten password's or an invitation's link, to choose a
 * password (the setup page's policy). It works once; the member then logs in.
 */
export function PasswordLinkPage() {
  const status = useLoaderData<typeof loader>();
  const { token = '' } = useParams();
  const [state, setState] = useState<'form' | 'done' | 'invalid'>(status.valid ? 'form' : 'invalid');
  const [formAlert, setFormAlert] = useState<string | null>(null);
  const invitation = status.purpose === 'invitation';
  const navigate = useNavigate();
  const [passkeyPending, setPasskeyPending] = useState(false);
  // An invitation may be completed with a passkey instead: no password at all.
  const withPasskey = invitation && passkeysHere();
  const title =
    state === 'invalid' ? t('password.invalidTitle') : invitation ? t('password.inviteTitle', { name: status.name ?? '' }) : t('password.resetTitle');
  useDocumentTitle(title, config.houseName);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver,
    defaultValues: { password: '' },
    shouldFocusError: false,
    reValidateMode: 'onSubmit',
  });

  const onSubmit = async ({ password }: FormOutput) => {
    setFormAlert(null);
    try {
      await api.post('/password-links', { token, password });
      setState('done');
    } catch (error) {
      if (isApiError(error) && error.code === 'PASSWORD_LINK_INVALID') setState('invalid');
      else if (isApiError(error) && error.field === 'password') setError('password', { type: 'server', message: errorCodeText(error.code) });
      else setFormAlert(errorText(error));
    }
  };

  const onPasskey = async () => {
    setFormAlert(null);
    setPasskeyPending(true);
    let module: Awaited<ReturnType<typeof loadPasskeyInvitation>> | undefined;
    try {
      module = await loadPasskeyInvitation();
      await module.acceptWithPasskey(token, status.name ?? '');
      await navigate('/app', { replace: true });
    } catch (error) {
      if (isApiError(error) && error.code === 'PASSWORD_LINK_INVALID') setState('invalid');
      else setFormAlert(module ? module.invitationFailureText(error) : errorText(error));
    } finally {
      setPasskeyPending(false);
    }
  };

  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <header className={styles.header}>
          <Logo className={styles.logo} size={72} />
          <h1 className={styles.title}>{title}</h1>
          {state === 'form' ? (
            <p className={styles.subtitle}>
              {withPasskey
                ? t('passkey.inviteSubtitle', { email: status.email ?? '' })
                : invitation
                  ? t('password.inviteSubtitle', { email: status.email ?? '' })
                  : t('password.resetSubtitle', { email: status.email ?? '' })}
            </p>
          ) : null}
        </header>
        {state === 'invalid' ? <Alert>{errorCodeText('PASSWORD_LINK_INVALID')}</Alert> : null}
        {state === 'done' ? <Alert tone="info">{t('password.done')}</Alert> : null}
        {state === 'form' && formAlert ? <Alert>{formAlert}</Alert> : null}
        {state === 'form' && withPasskey ? (
          <section className={styles.passkey} aria-label={t('passkey.inviteCreate')}>
            <p className={styles.hint}>{t('passkey.what')}</p>
            <Button
              block
              loading={passkeyPending}
              disabled={isSubmitting}
              icon={<Fingerprint size={18} aria-hidden="true" />}
              onClick={() => void onPasskey()}
            >
              {t('passkey.inviteCreate')}
            </Button>
            <p className={styles.or}>{t('passkey.orPassword')}</p>
          </section>
        ) : null}
        {state === 'form' ? (
          <form className={styles.form} onSubmit={handleSubmit(onSubmit)} noValidate>
            {/* Lets password managers file the new password under the right account. */}
            <input type="email" name="username" autoComplete="username" value={status.email ?? ''} readOnly hidden />
            <PasswordField
              {...register('password')}
              label={t('password.newPassword')}
              autoComplete="new-password"
              required
              supportingText={t('setup.passwordHint', { min: PASSWORD_MIN_LENGTH })}
              error={passwordErrorText(errors.password, getValues('password'))}
              onClearError={() => clearErrors('password')}
            />
            <div className={styles.actions}>
              <Button type="submit" variant={withPasskey ? 'outlined' : 'filled'} block loading={isSubmitting} disabled={passkeyPending}>
                {t('password.submit')}
              </Button>
            </div>
          </form>
        ) : null}
        <ToLogin primary={state !== 'form'} />
      </div>
    </main>
  );
}

export { PasswordLinkPage as Component };
