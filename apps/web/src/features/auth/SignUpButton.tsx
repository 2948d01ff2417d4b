import { Suspense, useState } from 'react';
import { lazyWithMessages } from '../../platform/lazy-with-messages';
import { Msg } from '../../platform/i18n/Msg';
import { useInitialState } from '../../platform/initial-state-context';
import { signUpAction } from '../../platform/rules/header';

const ClosedRegistrationsModal = lazyWithMessages(() => import('./ClosedRegistrationsModal'));

/** Create account: a link, an SSO link, or the closed-registrations modal (SPEC §2 "Header"). */
export function SignUpButton({ block }: { block?: boolean }) {
  const { server } = useInitialState();
  const [modalOpen, setModalOpen] = useState(false);
  const action = signUpAction(server);
  const className = `button button--primary${block ? ' button--block' : ''}`;
  if (action.kind === 'sso')
    return (
      <a className={className} href={action.href}>
        <Msg id="sign_in_banner.sso" />
      </a>
    );
  if (action.kind === 'closed-modal')
    return (
      <>
        <button type="button" className={className} onClick={() => setModalOpen(true)}>
          <Msg id="sign_in_banner.create_account" />
        </button>
        {modalOpen && (
          <Suspense fallback={null}>
            <ClosedRegistrationsModal onClose={() => setModalOpen(false)} />
          </Suspense>
        )}
      </>
    );
  return (
    <a className={className} href={action.href}>
      <Msg id="sign_in_banner.create_account" />
    </a>
  );
}

export function SignInLink({ block }: { block?: boolean }) {
  const redirect = `${window.location.pathname}${window.location.search}`;
  const href =
    redirect === '/' ? '/auth/sign_in' : `/auth/sign_in?redirect_to=${encodeURIComponent(redirect)}`;
  return (
    <a className={`button button--secondary${block ? ' button--block' : ''}`} href={href}>
      <Msg id="sign_in_banner.sign_in" />
    </a>
  );
}
