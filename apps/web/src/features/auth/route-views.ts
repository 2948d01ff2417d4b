// The sign-in and sign-up pages, one chunk.
export { SignInView } from './SignInView';
export { SignUpView } from './SignUpView';
