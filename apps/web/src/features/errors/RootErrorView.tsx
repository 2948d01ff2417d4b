import { useRouteError } from 'react-router';
import { CrashScreen } from './CrashScreen';

/** errorElement of the root route: a crash of the shell itself is a full-page crash. */
export function RootErrorView() {
  return <CrashScreen error={useRouteError()} />;
}
