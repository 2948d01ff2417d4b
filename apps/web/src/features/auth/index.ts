// What other features may use of auth: import it from here, never from the files inside.
export { SignInBanner } from './SignInBanner';
export { SignInLink } from './SignUpButton';
export { signOut } from './sign-out';
