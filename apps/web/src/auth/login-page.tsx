import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Fingerprint } from 'lucide-react';
import { isApiError } from '../lib/api-error.ts';
import { config } from '../lib/config.ts';
import { errorCodeText, errorText } from '../lib/error-text.ts';
import { t } from '../lib/i18n.ts';
import { passkeysHere } from '../lib/passkeys.ts';
import { Alert } from '../ui/alert.tsx';
import { Button, buttonClass } from '../ui/button.tsx';
import { useDocumentTitle } from '../ui/page.tsx';
import { PasswordField } from '../ui/password-field.tsx';
import { TextField } from '../ui/text-field.tsx';
import type { LoginField, LoginValues } from './login-submit.ts';
import { passkeyFromAutofill } from './passkey-autofill.ts';
import styles from './auth-layout.module.css';
import { Logo } from '../ui/logo.tsx';

type FieldErrors = Partial<Record<LoginField, string>>;

/** The zod-dependent half of the form; fetched on first interaction, not for the first paint. */
const loadSubmit = () => import('./login-submit.ts');
/** Signing in with a passkey: fetched when one is picked or the button pressed. */
const loadPasskeyLogin = () => import('./passkey-login.ts');

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
  const [passkeyPending, setPasskeyPending] = useState(false);
  const passkeys = passkeysHere();
  // The email field's passkey suggestions: a request the browser keeps open while the form is shown.
  const autofill = useRef<{ controller: AbortController; done: Promise<void> } | null>(null);

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

  /** Signs in with a passkey (picked in the suggestions, or the button's dialog); a failure is said above the form. */
  const withPasskey = async (signIn: (module: Awaited<ReturnType<typeof loadPasskeyLogin>>) => Promise<unknown>) => {
    setFormAlert(null);
    setErrors({});
    setPasskeyPending(true);
    let module: Awaited<ReturnType<typeof loadPasskeyLogin>> | undefined;
    try {
      module = await loadPasskeyLogin();
      await signIn(module);
      await navigate('/app', { replace: true });
    } catch (error) {
      setFormAlert(module ? module.passkeyFailureText(error) : errorText(error));
      offerAutofill();
    } finally {
      setPasskeyPending(false);
    }
  };

  const offerAutofill = () => {
    const controller = new AbortController();
    const done = passkeyFromAutofill(controller.signal).then((credential) => {
      if (credential) return withPasskey((module) => module.signInWithAutofilled(credential));
    });
    autofill.current = { controller, done };
  };

  useEffect(() => {
    offerAutofill();
    return () => autofill.current?.controller.abort();
    // Once per visit of the form: each offer renews itself after a failed sign-in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onPasskey = async () => {
    if (passkeyPending || submitting) return;
    // The browser holds one request at a time: the suggestions' ends first.
    const pending = autofill.current;
    pending?.controller.abort();
    await pending?.done;
    await withPasskey((module) => module.signInWithPasskey());
  };

  const suffix = config.emailDomain ? `@${config.emailDomain}` : undefined;
  const emailAutocomplete = suffix ? 'username' : 'email';
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
            autoComplete={passkeys ? `${emailAutocomplete} webauthn` : emailAutocomplete}
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
            <Button type="submit" block loading={submitting} disabled={passkeyPending}>
              {t('login.submit')}
            </Button>
            {passkeys ? (
              <Button
                type="button"
                variant="outlined"
                block
                loading={passkeyPending}
                disabled={submitting}
                icon={<Fingerprint size={18} aria-hidden="true" />}
                onClick={() => void onPasskey()}
              >
                {t('passkey.signIn')}
              </Button>
            ) : null}
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
