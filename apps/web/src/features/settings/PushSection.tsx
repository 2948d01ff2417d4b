import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useInstance } from '../../api/queries';
import { Msg } from '../../platform/i18n/Msg';
import { useT } from '../../platform/i18n/use-t';
import { ErrorMessage, LoadingIndicator } from '../../components/States';
import { SettingsSection } from './SettingControls';

const PUSH_SAVE_KEY = ['settings', 'push'];
const PUSH_STATE_KEY = ['push-subscription'];

/** The push code is its own chunk, as at start-up. */
const loadPush = () => import('../../platform/push');

type PushState = 'unsupported' | 'blocked' | 'on' | 'off';

async function readPushState(vapidKey: string | undefined): Promise<PushState> {
  const push = await loadPush();
  if (!push.pushSupported() || !vapidKey) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  if (Notification.permission !== 'granted' || push.pushTurnedOff()) return 'off';
  return (await push.serverSubscription()) ? 'on' : 'off';
}

/**
 * Push notifications for this browser: turning them on asks the browser's permission (a click is needed
 * for that) and subscribes; turning them off unsubscribes here and on the server.
 */
export function PushSection() {
  const t = useT();
  const queryClient = useQueryClient();
  const vapidKey = useInstance().data?.configuration?.vapid?.public_key ?? undefined;
  const state = useQuery({ queryKey: [...PUSH_STATE_KEY, vapidKey], queryFn: () => readPushState(vapidKey) });
  const change = useMutation({
    mutationKey: PUSH_SAVE_KEY,
    mutationFn: async (on: boolean) => {
      const push = await loadPush();
      if (!on) return push.unsubscribePush();
      if ((await Notification.requestPermission()) !== 'granted' || !vapidKey) return;
      await push.subscribePush(vapidKey);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: PUSH_STATE_KEY }),
  });
  return (
    <SettingsSection title={t('preferences.push')} hint={t('preferences.push_hint')} saveKey={PUSH_SAVE_KEY}>
      {state.isPending && <LoadingIndicator inline />}
      {state.isError && <ErrorMessage error={state.error} onRetry={() => void state.refetch()} />}
      {state.data === 'unsupported' && (
        <p className="field__hint">
          <Msg id="preferences.push_unsupported" />
        </p>
      )}
      {state.data === 'blocked' && (
        <p className="field__hint">
          <Msg id="preferences.push_blocked" />
        </p>
      )}
      {(state.data === 'on' || state.data === 'off') && (
        <button
          type="button"
          className="button"
          disabled={change.isPending}
          aria-pressed={state.data === 'on'}
          onClick={() => change.mutate(state.data === 'off')}
        >
          <Msg id={state.data === 'on' ? 'preferences.push_turn_off' : 'preferences.push_turn_on'} />
        </button>
      )}
    </SettingsSection>
  );
}
