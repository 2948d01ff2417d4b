import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { api, ApiError } from '../../api/client';
import { Msg } from '../../app/i18n/Msg';
import { useT } from '../../app/i18n/use-t';
import { useInitialState } from '../../app/initial-state-context';
import { Button } from '../../components/Button';
import { ErrorMessage } from '../../components/States';
import { AuthLayout } from './AuthLayout';
import { safeRedirectPath } from './safe-redirect';

interface Redirect {
  redirect_to?: string;
}

/** After signing in or up the page is loaded again, so that it carries the new identity. */
function follow(answer: Redirect, fallback: string): void {
  window.location.assign(safeRedirectPath(answer.redirect_to, fallback));
}

export function SignInView() {
  const t = useT();
  const { identity, server } = useInitialState();
  const [params] = useSearchParams();
  const redirectTo = safeRedirectPath(params.get('redirect_to'));
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const signIn = useMutation({
    mutationFn: () =>
      api.post<Redirect>(
        '/auth/sign_in',
        { login, password },
        { query: params.get('redirect_to') ? { redirect_to: redirectTo } : undefined },
      ),
    onSuccess: (answer) => follow(answer, redirectTo),
  });
  if (identity.signedIn) return <Navigate replace to={redirectTo} />;
  function submit(event: FormEvent) {
    event.preventDefault();
    signIn.mutate();
  }
  return (
    <AuthLayout
      title={t('auth.sign_in_title', { title: server.title })}
      footer={
        server.registrationsMode !== 'closed' && (
          <Msg
            id="auth.no_account"
            values={{ link: <a href={server.signUpUrl || '/auth/sign_up'}>{t('auth.sign_up_link')}</a> }}
          />
        )
      }
    >
      <form className="form" onSubmit={submit} data-testid="sign-in-form">
        <label className="field">
          <span className="field__label">
            <Msg id="auth.login" />
          </span>
          <input
            name="login"
            autoComplete="username"
            required
            autoFocus
            value={login}
            onChange={(event) => setLogin(event.target.value)}
          />
        </label>
        <label className="field">
          <span className="field__label">
            <Msg id="auth.password" />
          </span>
          <input
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </label>
        {signIn.isError && <ErrorMessage error={signIn.error} />}
        <Button type="submit" block busy={signIn.isPending || signIn.isSuccess}>
          <Msg id="auth.sign_in" />
        </Button>
      </form>
    </AuthLayout>
  );
}

type SignUpField = 'username' | 'email' | 'password' | 'password_confirmation' | 'agreement' | 'reason';

export function SignUpView() {
  const t = useT();
  const { identity, server } = useInitialState();
  const [values, setValues] = useState({
    username: '',
    email: '',
    password: '',
    password_confirmation: '',
    reason: '',
  });
  const [agreement, setAgreement] = useState(false);
  const signUp = useMutation({
    mutationFn: () =>
      api.post<Redirect>('/auth/sign_up', {
        ...values,
        reason: server.registrationsMode === 'approval' ? values.reason : undefined,
        agreement: true,
      }),
    onSuccess: (answer) => follow(answer, '/start'),
  });
  if (identity.signedIn) return <Navigate replace to="/" />;
  const fieldErrors = signUp.error instanceof ApiError ? signUp.error.fieldErrors : {};
  const mismatch = values.password_confirmation !== '' && values.password !== values.password_confirmation;
  const set = (field: Exclude<SignUpField, 'agreement'>) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));
  const errorOf = (field: SignUpField) =>
    fieldErrors[field]?.length ? (
      <span className="field__error" role="alert">
        {fieldErrors[field]?.join(', ')}
      </span>
    ) : null;
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!mismatch && agreement) signUp.mutate();
  }

  if (server.registrationsMode === 'closed')
    return (
      <AuthLayout title={t('closed_registrations.title')}>
        <p>
          <Msg id="closed_registrations.body" values={{ domain: <strong>{server.domain}</strong> }} />
        </p>
        <Link to="/auth/sign_in" className="button button--secondary button--block">
          <Msg id="auth.sign_in" />
        </Link>
      </AuthLayout>
    );

  return (
    <AuthLayout
      title={t('auth.sign_up_title', { domain: server.domain })}
      footer={
        <Msg id="auth.have_account" values={{ link: <Link to="/auth/sign_in">{t('auth.sign_in')}</Link> }} />
      }
    >
      <form className="form" onSubmit={submit} data-testid="sign-up-form" noValidate={false}>
        <label className="field">
          <span className="field__label">
            <Msg id="auth.username" />
          </span>
          <span className="field__affix">
            <input
              name="username"
              autoComplete="username"
              required
              autoFocus
              pattern="[A-Za-z0-9_]+"
              maxLength={30}
              value={values.username}
              onChange={set('username')}
            />
            <span className="field__suffix">@{server.domain}</span>
          </span>
          {errorOf('username')}
        </label>
        <label className="field">
          <span className="field__label">
            <Msg id="auth.email" />
          </span>
          <input
            name="email"
            type="email"
            autoComplete="email"
            required
            value={values.email}
            onChange={set('email')}
          />
          {errorOf('email')}
        </label>
        <label className="field">
          <span className="field__label">
            <Msg id="auth.password" />
          </span>
          <input
            name="password"
            type="password"
            autoComplete="new-password"
            required
            minLength={8}
            value={values.password}
            onChange={set('password')}
          />
          <span className="field__hint">
            <Msg id="auth.password_hint" />
          </span>
          {errorOf('password')}
        </label>
        <label className="field">
          <span className="field__label">
            <Msg id="auth.password_confirmation" />
          </span>
          <input
            name="password_confirmation"
            type="password"
            autoComplete="new-password"
            required
            value={values.password_confirmation}
            onChange={set('password_confirmation')}
            aria-invalid={mismatch || undefined}
          />
          {mismatch && (
            <span className="field__error" role="alert">
              <Msg id="auth.password_mismatch" />
            </span>
          )}
          {errorOf('password_confirmation')}
        </label>
        {server.registrationsMode === 'approval' && (
          <label className="field">
            <span className="field__label">
              <Msg id="auth.reason" />
            </span>
            <textarea name="reason" rows={3} required value={values.reason} onChange={set('reason')} />
            <span className="field__hint">
              <Msg id="auth.reason_hint" />
            </span>
            {errorOf('reason')}
          </label>
        )}
        <label className="checkbox-field">
          <input
            type="checkbox"
            name="agreement"
            required
            checked={agreement}
            onChange={(event) => setAgreement(event.target.checked)}
          />
          <span>
            <Msg
              id="auth.agreement"
              values={{
                rules: <Link to="/about">{t('auth.server_rules')}</Link>,
                privacy: <Link to="/privacy-policy">{t('about.privacy_policy')}</Link>,
              }}
            />
          </span>
        </label>
        {errorOf('agreement')}
        {signUp.isError && <ErrorMessage error={signUp.error} />}
        <Button
          type="submit"
          block
          busy={signUp.isPending || signUp.isSuccess}
          disabled={!agreement || mismatch}
        >
          <Msg id="auth.sign_up" />
        </Button>
      </form>
    </AuthLayout>
  );
}
