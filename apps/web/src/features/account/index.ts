// What other features may use of the profiles: the typed calls of the accounts resource.
export { accounts } from './api';
export { FollowButton } from './FollowButton';
export { ProfileEditColumn } from './edit/ProfileEditColumn';
export { ProfileForm } from './edit/ProfileForm';
