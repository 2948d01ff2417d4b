import { useParams } from 'react-router';

/** /@:acct/:statusId needs the "@"; /statuses/:statusId does not. */
export function useStatusId(): string | null {
  const { handle, statusId } = useParams();
  if (!statusId) return null;
  if (handle !== undefined && !handle.startsWith('@')) return null;
  return statusId;
}
