import './onboarding.css';
import { useNavigate } from 'react-router';
import { Msg } from '../../platform/i18n/Msg';
import { useT } from '../../platform/i18n/use-t';
import { ProfileEditColumn, ProfileForm } from '../account';

export function OnboardingProfileView() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <ProfileEditColumn title={t('onboarding.profile_title')}>
      {(account) => (
        <ProfileForm
          account={account}
          submitLabel="common.save_and_continue"
          lead={
            <p className="form__lead">
              <Msg id="onboarding.profile_lead" />
            </p>
          }
          onSaved={() => void navigate('/start')}
        />
      )}
    </ProfileEditColumn>
  );
}
