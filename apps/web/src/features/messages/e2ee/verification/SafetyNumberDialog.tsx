import type { Account } from '@palchat/api';
import { useQueries, useQuery } from '@tanstack/react-query';
import { api } from '../../../../api/client';
import { queryKeys } from '../../../../api/queries';
import { Modal } from '../../../../components/Modal';
import { ErrorMessage, LoadingIndicator } from '../../../../components/States';
import { useT } from '../../../../platform/i18n/use-t';
import type { Conversation, Participant } from '../../model';
import { SafetyNumberModal, type PersonDevices } from './SafetyNumberModal';
import { useVerification } from './use-verification';
import { loadVerificationSource } from './verification-source';
import type { ChatDevice } from './verification-state';

const nameOf = (person: Pick<Participant, 'display_name' | 'username'>) =>
  person.display_name || person.username;

/** The participants' actor URIs (the MLS identities), from their accounts. */
function useActorUris(participants: Participant[]): Map<string, Participant> {
  const accounts = useQueries({
    queries: participants.map((participant) => ({
      queryKey: queryKeys.account(participant.id),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api.get<Account>(`/api/v1/accounts/${encodeURIComponent(participant.id)}`, { signal }),
      staleTime: 60_000,
    })),
  });
  const byUri = new Map<string, Participant>();
  accounts.forEach((account, index) => {
    const participant = participants[index];
    if (account.data && participant) byUri.set(account.data.uri, participant);
  });
  return byUri;
}

/** The people of the group state, each with their devices' fingerprints: the reader first, then by name. */
function peopleOf(
  devices: ChatDevice[],
  byUri: Map<string, Participant>,
  currentUserId: string,
): PersonDevices[] {
  const people = new Map<string, PersonDevices & { mine: boolean }>();
  for (const device of devices) {
    const participant = byUri.get(device.actorUri);
    const person = people.get(device.actorUri) ?? {
      key: device.actorUri,
      name: participant ? nameOf(participant) : device.actorUri,
      mine: participant?.id === currentUserId,
      devices: [],
    };
    person.devices.push({ fingerprint: device.fingerprint, self: device.self });
    people.set(device.actorUri, person);
  }
  return [...people.values()]
    .sort((a, b) => Number(b.mine) - Number(a.mine) || a.name.localeCompare(b.name))
    .map(({ key, name, devices }) => ({ key, name, devices }));
}

/**
 * "Verify safety number" of an encrypted chat: the number and the fingerprints come from this device's group
 * state through @palchat/e2ee, the names from the participants' accounts.
 */
export interface SafetyNumberDialogProps {
  conversation: Conversation;
  currentUserId: string;
  onClose: () => void;
}

export function SafetyNumberDialog(props: SafetyNumberDialogProps) {
  const t = useT();
  const { conversation, currentUserId } = props;
  const verification = useVerification(currentUserId, conversation.id, true);
  const byUri = useActorUris(conversation.participants);
  const devices = verification.devices;
  const safetyNumber = useQuery({
    queryKey: [
      'e2ee-safety-number',
      currentUserId,
      conversation.id,
      devices?.map((device) => device.fingerprint),
    ],
    enabled: devices !== null,
    queryFn: async () => (await loadVerificationSource(currentUserId))?.safetyNumber(conversation.id) ?? null,
  });

  if (!devices || !safetyNumber.data)
    return (
      <Modal
        title={t('messages.verification.title')}
        onClose={props.onClose}
        className="mbox-dialog mbox-safety"
      >
        {safetyNumber.isError ? (
          <ErrorMessage error={safetyNumber.error} />
        ) : (verification.loaded && !devices) || (safetyNumber.isSuccess && !safetyNumber.data) ? (
          <p className="mbox-modal__text">{t('messages.verification.unavailable')}</p>
        ) : (
          <LoadingIndicator inline />
        )}
      </Modal>
    );
  return (
    <SafetyNumberModal
      safetyNumber={safetyNumber.data}
      people={peopleOf(devices, byUri, currentUserId)}
      otherNames={conversation.participants.filter((p) => p.id !== currentUserId).map(nameOf)}
      status={verification.status}
      onMarkVerified={verification.markVerified}
      onClose={props.onClose}
    />
  );
}
