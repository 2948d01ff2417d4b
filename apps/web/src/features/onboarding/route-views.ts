// The route views of onboarding, one chunk (app/routes.tsx loads a feature's views together).
export { OnboardingFollowsView } from './OnboardingFollowsView';
export { OnboardingProfileView } from './OnboardingProfileView';
export { OnboardingStartView } from './OnboardingStartView';
