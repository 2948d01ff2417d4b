import { RequireSignIn } from '../../components/RequireSignIn';
import { Timeline, type TimelineProps } from './Timeline';

/** A timeline only a signed-in user has; signed-out visitors are asked to sign in. */
export function SignedInTimeline(props: TimelineProps) {
  return (
    <RequireSignIn icon={props.icon} title={props.title}>
      <Timeline {...props} />
    </RequireSignIn>
  );
}
