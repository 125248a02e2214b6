import { useState } from 'react';
import { useForm, type FieldError } from 'react-hook-form';
import { Link, useLoaderData, useNavigate, useParams, type LoaderFunctionArgs } from 'react-router';
import {
  PASSWORD_MIN_LENGTH,
  type sessionResponseSchema,
  type setupStatusSchema,
  type SetupRequest,
} from '@rustico/core';
import type { z } from 'zod';
import { api, isApiError, type Answer } from '../lib/api.ts';
import { config } from '../lib/config.ts';
import { errorCodeText, errorText } from '../lib/error-text.ts';
import { fieldErrorText } from '../lib/form-errors.ts';
import { t } from '../lib/i18n.ts';
import { Alert } from '../ui/alert.tsx';
import { Button, buttonClass } from '../ui/button.tsx';
import { useDocumentTitle } from '../ui/page.tsx';
import { PasswordField } from '../ui/password-field.tsx';
import { lazyZodResolver } from '../ui/lazy-resolver.ts';
import { TextField } from '../ui/text-field.tsx';
import type { setupFormSchema } from './form-schemas.ts';
import { rememberSession } from './session.ts';
import styles from './auth-layout.module.css';
import { Logo } from '../ui/logo.tsx';

type SetupFormInput = z.input<typeof setupFormSchema>;
type SetupFormOutput = z.output<typeof setupFormSchema>;
const resolver = lazyZodResolver(() => import('./form-schemas.ts').then((schemas) => schemas.setupFormSchema));
const FIELDS = ['name', 'email', 'password'] as const;
type SetupField = (typeof FIELDS)[number];

function isSetupField(field: string | undefined): field is SetupField {
  return FIELDS.some((name) => name === field);
}

/** Whether the first-run link can still be used; a missing or used link is simply unavailable. */
export async function loader({ params }: LoaderFunctionArgs): Promise<{ available: boolean }> {
  try {
    return await api.get<Answer<typeof setupStatusSchema>>(`/setup/${encodeURIComponent(params.token ?? '')}`);
  } catch (error) {
    if (isApiError(error) && error.status >= 400 && error.status < 500) return { available: false };
    throw error;
  }
}

/** Creates the first superadmin; the server answers with the new session. */
async function createFirstAdmin(body: SetupRequest): Promise<void> {
  const { user } = await api.post<Answer<typeof sessionResponseSchema>>('/setup', body);
  rememberSession(user);
}

function passwordErrorText(error: FieldError | undefined, value: string): string | undefined {
  if (error?.type === 'too_small' && value !== '') {
    return t('setup.passwordTooShort', { min: PASSWORD_MIN_LENGTH });
  }
  return fieldErrorText(error);
}

function Unavailable() {
  return (
    <>
      <header className={styles.header}>
        <h1 className={styles.title}>{t('setup.unavailableTitle')}</h1>
        <p className={styles.subtitle}>{t('setup.unavailable')}</p>
      </header>
      <Link to="/login" className={buttonClass({ block: true })}>
        {t('setup.toLogin')}
      </Link>
    </>
  );
}

function SetupForm({ token, onUnavailable }: { token: string; onUnavailable: () => void }) {
  const navigate = useNavigate();
  const [formAlert, setFormAlert] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<SetupFormInput, unknown, SetupFormOutput>({
    resolver,
    defaultValues: { name: '', email: '', password: '' },
    shouldFocusError: false,
    reValidateMode: 'onSubmit',
  });

  const onSubmit = async (values: SetupFormOutput) => {
    setFormAlert(null);
    try {
      await createFirstAdmin({ token, ...values });
      await navigate('/app', { replace: true });
    } catch (error) {
      if (isApiError(error) && error.code === 'SETUP_UNAVAILABLE') {
        onUnavailable();
      } else if (isApiError(error) && error.code === 'EMAIL_TAKEN') {
        setError('email', { type: 'server', message: errorCodeText(error.code) });
      } else if (isApiError(error) && isSetupField(error.field)) {
        setError(error.field, { type: 'server', message: errorCodeText(error.code) });
      } else {
        setFormAlert(errorText(error));
      }
    }
  };

  return (
    <>
      <header className={styles.header}>
        <Logo className={styles.logo} size={72} />
        <h1 className={styles.title}>{t('setup.title')}</h1>
        <p className={styles.subtitle}>{t('setup.subtitle')}</p>
      </header>
      <form className={styles.form} onSubmit={handleSubmit(onSubmit)} noValidate>
        {formAlert ? <Alert>{formAlert}</Alert> : null}
        <TextField
          {...register('name')}
          label={t('setup.name')}
          autoComplete="name"
          required
          error={fieldErrorText(errors.name)}
          onClearError={() => clearErrors('name')}
        />
        <TextField
          {...register('email')}
          label={t('setup.email')}
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          supportingText={t('setup.emailHint')}
          error={fieldErrorText(errors.email)}
          onClearError={() => clearErrors('email')}
        />
        <PasswordField
          {...register('password')}
          label={t('setup.password')}
          autoComplete="new-password"
          required
          supportingText={t('setup.passwordHint', { min: PASSWORD_MIN_LENGTH })}
          error={passwordErrorText(errors.password, getValues('password'))}
          onClearError={() => clearErrors('password')}
        />
        <div className={styles.actions}>
          <Button type="submit" block loading={isSubmitting}>
            {t('setup.submit')}
          </Button>
        </div>
      </form>
    </>
  );
}

/** /setup/:token: creates the first superadmin from the one-time link printed by the server. */
export function SetupPage() {
  useDocumentTitle(t('setup.title'), config.houseName);
  const { available } = useLoaderData<typeof loader>();
  const { token = '' } = useParams();
  const [usedUp, setUsedUp] = useState(false);
  return (
    <main className={styles.page}>
      <div className={styles.card}>
        {available && !usedUp ? <SetupForm token={token} onUnavailable={() => setUsedUp(true)} /> : <Unavailable />}
      </div>
    </main>
  );
}

export { SetupPage as Component };
