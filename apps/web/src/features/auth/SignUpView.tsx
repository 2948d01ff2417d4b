import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { ApiError } from '../../api/client';
import { Msg } from '../../platform/i18n/Msg';
import type { MessageId } from '../../platform/i18n/messages';
import { useT } from '../../platform/i18n/use-t';
import { useInitialState } from '../../platform/initial-state-context';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { ErrorMessage } from '../../components/States';
import { sessions } from './api';
import { AuthLayout } from './AuthLayout';
import { emailProblem, PASSWORD_MIN_LENGTH, passwordProblem, usernameProblem } from './sign-up-rules';
import { useUsernameTaken } from './use-username-taken';
import { authPage, follow, GoOn, useRequestedRedirect } from './auth-redirect';

type SignUpField = 'username' | 'email' | 'password' | 'password_confirmation' | 'agreement' | 'reason';

export function SignUpView() {
  const t = useT();
  // a new account keeps the language its sign-up page was shown in: the browser's best match
  const { locale } = useIntl();
  const { identity, server } = useInitialState();
  const requested = useRequestedRedirect();
  const [values, setValues] = useState({
    username: '',
    email: '',
    password: '',
    password_confirmation: '',
    reason: '',
  });
  const [agreement, setAgreement] = useState(false);
  // e-mail and password are judged once the field is left (not while the first characters are typed)
  const [left, setLeft] = useState({ email: false, password: false });
  const leave = (field: keyof typeof left) => () => setLeft((current) => ({ ...current, [field]: true }));
  const usernameTaken = useUsernameTaken(values.username);
  const signUp = useMutation({
    mutationFn: () =>
      sessions.signUp(
        {
          ...values,
          reason: server.registrationsMode === 'approval' ? values.reason : undefined,
          agreement: true,
          locale,
        },
        requested,
      ),
    onSuccess: (answer) => follow(answer, requested ?? '/start'),
  });
  if (identity.signedIn) return <GoOn to={requested ?? '/'} />;
  const fieldErrors = signUp.error instanceof ApiError ? signUp.error.fieldErrors : {};
  const mismatch = values.password_confirmation !== '' && values.password !== values.password_confirmation;
  const set = (field: Exclude<SignUpField, 'agreement'>) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));
  const serverError = (field: SignUpField) =>
    fieldErrors[field]?.length ? fieldErrors[field]?.join(', ') : undefined;
  const inline = (problem: MessageId | null) => (problem ? t(problem) : undefined);
  const usernameError = inline(
    usernameProblem(values.username) ?? (usernameTaken ? 'auth.username_taken' : null),
  );
  // what is wrong now, as typed, else what the server said on the last submit
  const errorText = (field: SignUpField): string | undefined => {
    if (field === 'username') return usernameError ?? serverError(field);
    if (field === 'email' && left.email) return inline(emailProblem(values.email)) ?? serverError(field);
    if (field === 'password' && left.password)
      return inline(passwordProblem(values.password)) ?? serverError(field);
    return serverError(field);
  };
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
        <Link to={authPage('/auth/sign_in', requested)} className="button button--secondary button--block">
          <Msg id="auth.sign_in" />
        </Link>
      </AuthLayout>
    );

  return (
    <AuthLayout
      title={t('auth.sign_up_title', { domain: server.domain })}
      footer={
        <Msg
          id="auth.have_account"
          values={{ link: <Link to={authPage('/auth/sign_in', requested)}>{t('auth.sign_in')}</Link> }}
        />
      }
    >
      <form className="form" onSubmit={submit} data-testid="sign-up-form">
        <Field label={<Msg id="auth.username" />} error={errorText('username')}>
          {(control) => (
            <span className="field__affix">
              <input
                {...control}
                name="username"
                autoComplete="username"
                required
                autoFocus
                pattern="[A-Za-z0-9_]+"
                value={values.username}
                onChange={set('username')}
              />
              <span className="field__suffix" aria-hidden="true">
                @{server.domain}
              </span>
            </span>
          )}
        </Field>
        <Field label={<Msg id="auth.email" />} error={errorText('email')}>
          {(control) => (
            <input
              {...control}
              name="email"
              type="email"
              autoComplete="email"
              required
              value={values.email}
              onChange={set('email')}
              onBlur={leave('email')}
            />
          )}
        </Field>
        <Field
          label={<Msg id="auth.password" />}
          hint={<Msg id="auth.password_hint" />}
          error={errorText('password')}
        >
          {(control) => (
            <input
              {...control}
              name="password"
              type="password"
              autoComplete="new-password"
              required
              minLength={PASSWORD_MIN_LENGTH}
              value={values.password}
              onChange={set('password')}
              onBlur={leave('password')}
            />
          )}
        </Field>
        <Field
          label={<Msg id="auth.password_confirmation" />}
          error={mismatch ? t('auth.password_mismatch') : errorText('password_confirmation')}
        >
          {(control) => (
            <input
              {...control}
              name="password_confirmation"
              type="password"
              autoComplete="new-password"
              required
              value={values.password_confirmation}
              onChange={set('password_confirmation')}
            />
          )}
        </Field>
        {server.registrationsMode === 'approval' && (
          <Field
            label={<Msg id="auth.reason" />}
            hint={<Msg id="auth.reason_hint" />}
            error={errorText('reason')}
          >
            {(control) => (
              <textarea
                {...control}
                name="reason"
                rows={3}
                required
                value={values.reason}
                onChange={set('reason')}
              />
            )}
          </Field>
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
        {errorText('agreement') && (
          <span className="field__error" role="alert">
            {errorText('agreement')}
          </span>
        )}
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
