import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Msg } from '../../platform/i18n/Msg';
import { useT } from '../../platform/i18n/use-t';
import { useInitialState } from '../../platform/initial-state-context';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { ErrorMessage } from '../../components/States';
import { sessions } from './api';
import { AuthLayout } from './AuthLayout';
import { authPage, follow, GoOn, useRequestedRedirect } from './auth-redirect';

export function SignInView() {
  const t = useT();
  const { identity, server } = useInitialState();
  const requested = useRequestedRedirect();
  const redirectTo = requested ?? '/';
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const signIn = useMutation({
    mutationFn: () => sessions.signIn(login, password, requested),
    onSuccess: (answer) => follow(answer, redirectTo),
  });
  if (identity.signedIn) return <GoOn to={redirectTo} />;
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
            values={{
              link: (
                <a href={authPage(server.signUpUrl || '/auth/sign_up', requested)}>
                  {t('auth.sign_up_link')}
                </a>
              ),
            }}
          />
        )
      }
    >
      <form className="form" onSubmit={submit} data-testid="sign-in-form">
        <Field label={<Msg id="auth.login" />}>
          {(control) => (
            <input
              {...control}
              name="login"
              autoComplete="username"
              required
              autoFocus
              value={login}
              onChange={(event) => setLogin(event.target.value)}
            />
          )}
        </Field>
        <Field label={<Msg id="auth.password" />}>
          {(control) => (
            <input
              {...control}
              name="password"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          )}
        </Field>
        {signIn.isError && <ErrorMessage error={signIn.error} />}
        <Button type="submit" block busy={signIn.isPending || signIn.isSuccess}>
          <Msg id="auth.sign_in" />
        </Button>
      </form>
    </AuthLayout>
  );
}
