import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../lib/api-error.ts';
import { config } from '../lib/config.ts';
import { errorCodeText } from '../lib/error-text.ts';
import { t } from '../lib/i18n.ts';
import { Alert } from '../ui/alert.tsx';
import { Button, buttonClass } from '../ui/button.tsx';
import { useDocumentTitle } from '../ui/page.tsx';
import { PasswordField } from '../ui/password-field.tsx';
import { TextField } from '../ui/text-field.tsx';
import type { LoginField, LoginValues } from './login-submit.ts';
import styles from './auth-layout.module.css';
import { Logo } from '../ui/logo.tsx';

type FieldErrors = Partial<Record<LoginField, string>>;

/** The zod-dependent half of the form; fetched on first interaction, not for the first paint. */
const loadSubmit = () => import('./login-submit.ts');

function rateLimitText(retryAfterSeconds: number | undefined): string {
  if (retryAfterSeconds === undefined) return t('errors.RATE_LIMITED');
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return minutes === 1 ? t('login.rateLimitedMinute') : t('login.rateLimitedMinutes', { minutes });
}

/** Field errors (or a form alert) for a failed login, as the spec's error catalogue says. */
function loginFailure(error: unknown): { fields: FieldErrors; alert: string | null } {
  const authFailed = errorCodeText('AUTH_FAILED');
  const both = { fields: { email: authFailed, password: authFailed }, alert: null };
  if (!isApiError(error) || error.status === 0 || error.status >= 500) return both;
  switch (error.code) {
    case 'RATE_LIMITED':
      return { fields: {}, alert: rateLimitText(error.retryAfterSeconds) };
    case 'INVALID_EMAIL':
    case 'USER_NOT_FOUND':
      return { fields: { email: errorCodeText(error.code) }, alert: null };
    case 'WRONG_PASSWORD':
      return { fields: { password: errorCodeText(error.code) }, alert: null };
    default:
      return both;
  }
}

/**
 * /login: email (with the house's domain as a suffix) and password. A plain
 * controlled form (no react-hook-form) to keep the page within its JS budget.
 */
export function LoginPage() {
  useDocumentTitle(t('login.submit'), config.houseName);
  const navigate = useNavigate();
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formAlert, setFormAlert] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const onChange = (field: LoginField) => (event: ChangeEvent<HTMLInputElement>) => {
    const { value } = event.target;
    setValues((current) => ({ ...current, [field]: value }));
  };
  const clearError = (field: LoginField) => () =>
    setErrors((current) => ({ ...current, [field]: undefined }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    setFormAlert(null);
    setSubmitting(true);
    try {
      const { invalidLoginFields, submitLogin } = await loadSubmit();
      const invalid = invalidLoginFields(values);
      if (invalid.length > 0) {
        setErrors(
          Object.fromEntries(
            invalid.map(({ field, tooLong }) => [field, tooLong ? t('form.tooLong') : t('form.required')]),
          ),
        );
        return;
      }
      await submitLogin(values);
      await navigate('/app', { replace: true });
    } catch (error) {
      const failure = loginFailure(error);
      setErrors(failure.fields);
      setFormAlert(failure.alert);
    } finally {
      setSubmitting(false);
    }
  };

  const suffix = config.emailDomain ? `@${config.emailDomain}` : undefined;
  const prefetch = () => void loadSubmit().catch(() => undefined);

  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <header className={styles.header}>
          <Logo className={styles.logo} size={72} />
          <h1 className={styles.title}>{t('login.title')}</h1>
          <p className={styles.subtitle}>{t('login.subtitle')}</p>
        </header>
        <form className={styles.form} onSubmit={(event) => void onSubmit(event)} onFocus={prefetch} noValidate>
          {formAlert ? <Alert>{formAlert}</Alert> : null}
          <TextField
            name="email"
            label={t('login.email')}
            value={values.email}
            onChange={onChange('email')}
            suffix={suffix}
            type="text"
            inputMode="email"
            autoComplete={suffix ? 'username' : 'email'}
            autoCapitalize="none"
            spellCheck={false}
            required
            error={errors.email}
            onClearError={clearError('email')}
          />
          <PasswordField
            name="password"
            label={t('login.password')}
            value={values.password}
            onChange={onChange('password')}
            autoComplete="current-password"
            required
            error={errors.password}
            onClearError={clearError('password')}
          />
          {config.mailEnabled ? (
            <Link to="/password-dimenticata" className={styles.forgot}>
              {t('login.forgot')}
            </Link>
          ) : null}
          <div className={styles.actions}>
            <Button type="submit" block loading={submitting}>
              {t('login.submit')}
            </Button>
            <Link to="/visitatore" className={buttonClass({ variant: 'outlined', block: true })}>
              {t('login.guest')}
            </Link>
          </div>
        </form>
      </div>
    </main>
  );
}

export { LoginPage as Component };
