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
import { leafId, type Leaf } from './verification-state';

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
async function peopleOf(
  leaves: Leaf[],
  fingerprint: (key: Uint8Array) => Promise<string>,
  byUri: Map<string, Participant>,
  currentUserId: string,
): Promise<PersonDevices[]> {
  const people = new Map<string, PersonDevices & { mine: boolean }>();
  for (const leaf of leaves) {
    const participant = byUri.get(leaf.actorUri);
    const person = people.get(leaf.actorUri) ?? {
      key: leaf.actorUri,
      name: participant ? nameOf(participant) : leaf.actorUri,
      mine: participant?.id === currentUserId,
      fingerprints: [],
    };
    person.fingerprints.push(await fingerprint(leaf.signaturePublicKey));
    people.set(leaf.actorUri, person);
  }
  return [...people.values()]
    .sort((a, b) => Number(b.mine) - Number(a.mine) || a.name.localeCompare(b.name))
    .map(({ key, name, fingerprints }) => ({ key, name, fingerprints }));
}

/**
 * "Verify safety number" of an encrypted chat: the number and the fingerprints come from this device's group
 * state through @palchat/e2ee, the names from the participants' accounts.
 */
export function SafetyNumberDialog(props: {
  conversation: Conversation;
  currentUserId: string;
  onClose: () => void;
}) {
  const t = useT();
  const { conversation, currentUserId } = props;
  const verification = useVerification(currentUserId, conversation.id, true);
  const byUri = useActorUris(conversation.participants);
  const leaves = verification.leaves;
  const details = useQuery({
    queryKey: ['e2ee-safety-number', currentUserId, conversation.id, leaves?.map(leafId), [...byUri.keys()]],
    enabled: leaves !== null,
    queryFn: async () => {
      const source = await loadVerificationSource(currentUserId);
      if (!source || !leaves) return null;
      return {
        safetyNumber: await source.safetyNumber(leaves),
        people: await peopleOf(leaves, (key) => source.fingerprint(key), byUri, currentUserId),
      };
    },
  });

  if (!details.data)
    return (
      <Modal
        title={t('messages.verification.title')}
        onClose={props.onClose}
        className="mbox-dialog mbox-safety"
      >
        {details.isError ? (
          <ErrorMessage error={details.error} />
        ) : verification.loaded && !leaves ? (
          <p className="mbox-modal__text">{t('messages.verification.unavailable')}</p>
        ) : (
          <LoadingIndicator inline />
        )}
      </Modal>
    );
  return (
    <SafetyNumberModal
      safetyNumber={details.data.safetyNumber}
      people={details.data.people}
      otherNames={conversation.participants.filter((p) => p.id !== currentUserId).map(nameOf)}
      status={verification.status}
      onMarkVerified={verification.markVerified}
      onClose={props.onClose}
    />
  );
}
