import { useT } from '../../platform/i18n/use-t';
import { ProfileEditColumn, ProfileForm } from '../account';

/** /settings/profile: the whole profile, saved in place. */
export function ProfileEditView() {
  const t = useT();
  return (
    <ProfileEditColumn title={t('profile_edit.title')}>
      {(account) => <ProfileForm account={account} submitLabel="common.save" />}
    </ProfileEditColumn>
  );
}
