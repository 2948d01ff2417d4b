import './onboarding.css';
import { CURRENT_INTRODUCTION_VERSION } from '@palchat/api';
import { Link, useNavigate } from 'react-router';
import { useCredentialAccount, useSaveSettings } from '../../api/queries';
import { Msg } from '../../platform/i18n/Msg';
import { useT } from '../../platform/i18n/use-t';
import type { MessageId } from '../../platform/i18n/messages';
import { useInitialState } from '../../platform/initial-state-context';
import { Button } from '../../components/Button';
import { Column, ColumnBody, ColumnHeader } from '../../components/Column';
import { Icon } from '../../components/Icon';
import type { IconName } from '../../components/icons';
import { RequireSignIn } from '../../components/RequireSignIn';
import { ErrorMessage } from '../../components/States';

/** Done or skipped: the current introduction has been seen, so no more first launch. */
function useFinishOnboarding() {
  const save = useSaveSettings();
  const navigate = useNavigate();
  return {
    finish: () =>
      save.mutate(
        { introductionVersion: CURRENT_INTRODUCTION_VERSION },
        { onSuccess: () => void navigate('/home', { replace: true }) },
      ),
    saving: save.isPending,
    error: save.error,
  };
}

function Step({
  to,
  icon,
  title,
  hint,
  done,
}: {
  to: string;
  icon: IconName;
  title: MessageId;
  hint: MessageId;
  done?: boolean;
}) {
  return (
    <Link to={to} className={done ? 'onboarding-step onboarding-step--done' : 'onboarding-step'}>
      <span className="onboarding-step__icon">
        <Icon name={done ? 'check' : icon} size={22} />
      </span>
      <span className="onboarding-step__text">
        <strong>
          <Msg id={title} />
        </strong>
        <span>
          <Msg id={hint} />
        </span>
      </span>
      <Icon name="chevronRight" size={22} />
    </Link>
  );
}

export function OnboardingStartView() {
  const t = useT();
  const { server } = useInitialState();
  const account = useCredentialAccount();
  const { finish, saving, error } = useFinishOnboarding();
  const profileDone = Boolean(account.data && (account.data.note || account.data.display_name));
  const followsDone = (account.data?.following_count ?? 0) > 0;
  const postDone = (account.data?.statuses_count ?? 0) > 0;
  return (
    <RequireSignIn icon="home" title={t('onboarding.title')}>
      <Column label={t('onboarding.title')}>
        <ColumnHeader icon="home" title={t('onboarding.title')} />
        <ColumnBody padded>
          <div className="onboarding" data-testid="onboarding">
            <h2 className="onboarding__heading">
              <Msg id="onboarding.heading" />
            </h2>
            <p className="onboarding__lead">
              <Msg id="onboarding.lead" values={{ title: server.title }} />
            </p>
            <div className="onboarding__steps">
              <Step
                to="/start/profile"
                icon="person"
                title="onboarding.step_profile"
                hint="onboarding.step_profile_hint"
                done={profileDone}
              />
              <Step
                to="/start/follows"
                icon="personAdd"
                title="onboarding.step_follows"
                hint="onboarding.step_follows_hint"
                done={followsDone}
              />
              <Step
                to="/publish"
                icon="edit"
                title="onboarding.step_post"
                hint="onboarding.step_post_hint"
                done={postDone}
              />
            </div>
            {error && <ErrorMessage error={error} />}
            <div className="onboarding__actions">
              <Button busy={saving} onClick={finish}>
                <Msg id="onboarding.done" />
              </Button>
            </div>
          </div>
        </ColumnBody>
      </Column>
    </RequireSignIn>
  );
}
