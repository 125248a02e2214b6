import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { loginEmail } from '@rustico/core';
import { api, isApiError } from '../lib/api.ts';
import { config } from '../lib/config.ts';
import { errorCodeText, errorText } from '../lib/error-text.ts';
import { t } from '../lib/i18n.ts';
import { Alert } from '../ui/alert.tsx';
import { Button, buttonClass } from '../ui/button.tsx';
import { useDocumentTitle } from '../ui/page.tsx';
import { TextField } from '../ui/text-field.tsx';
import styles from './auth-layout.module.css';
import { Logo } from '../ui/logo.tsx';

/**
 * /password-dimenticata: asks for a link to choose a new password. The server answers the
 * same for every address, so the page does too.
 */
export function ForgotPasswordPage() {
  useDocumentTitle(t('password.forgotTitle'), config.houseName);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [formAlert, setFormAlert] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [sent, setSent] = useState(false);
  const suffix = config.emailDomain ? `@${config.emailDomain}` : undefined;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    setFormAlert(null);
    if (email.trim() === '') {
      setError(t('form.required'));
      return;
    }
    setSubmitting(true);
    try {
      await api.post('/password-reset', { email: loginEmail(email, config.emailDomain) });
      setSent(true);
    } catch (failure) {
      if (isApiError(failure) && failure.code === 'INVALID_EMAIL') setError(errorCodeText(failure.code));
      else setFormAlert(errorText(failure));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <header className={styles.header}>
          <Logo className={styles.logo} size={72} />
          <h1 className={styles.title}>{t('password.forgotTitle')}</h1>
          {sent ? null : <p className={styles.subtitle}>{t('password.forgotSubtitle')}</p>}
        </header>
        {sent ? (
          <Alert tone="info">{t('password.forgotSent')}</Alert>
        ) : (
          <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
            {formAlert ? <Alert>{formAlert}</Alert> : null}
            <TextField
              name="email"
              label={t('login.email')}
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              suffix={suffix}
              type="text"
              inputMode="email"
              autoComplete={suffix ? 'username' : 'email'}
              autoCapitalize="none"
              spellCheck={false}
              required
              error={error}
              onClearError={() => setError(undefined)}
            />
            <div className={styles.actions}>
              <Button type="submit" block loading={submitting}>
                {t('password.forgotSubmit')}
              </Button>
            </div>
          </form>
        )}
        <Link to="/login" className={buttonClass({ variant: sent ? 'filled' : 'text', block: true })}>
          {t('password.backToLogin')}
        </Link>
      </div>
    </main>
  );
}

export { ForgotPasswordPage as Component };
