// The route views of about, one chunk (app/routes.tsx loads a feature's views together).
export { AboutView } from './AboutView';
export { PrivacyPolicyView } from './PrivacyPolicyView';
export { TermsOfServiceView } from './TermsOfServiceView';
