import type { Message } from '../model';
import { minuteBucket } from './time';

/** How one message sits in its minute group (SPEC §4: messages are grouped by minute). */
export interface MessagePlacement {
  /** first message of its minute group: the group's time label is shown above it */
  startsGroup: boolean;
  /** first message of a run by the same sender inside the group: sender name and avatar shown */
  startsSenderRun: boolean;
  /** last message of a run by the same sender inside the group */
  endsSenderRun: boolean;
}

function sameGroup(a: Message | undefined, b: Message | undefined): boolean {
  return a !== undefined && b !== undefined && minuteBucket(a.created_at) === minuteBucket(b.created_at);
}

function sameRun(a: Message | undefined, b: Message | undefined): boolean {
  return (
    sameGroup(a, b) &&
    a !== undefined &&
    b !== undefined &&
    a.sender.id === b.sender.id &&
    !a.is_system_message &&
    !b.is_system_message
  );
}

export function placeMessage(previous: Message | undefined, current: Message, next: Message | undefined) {
  return {
    startsGroup: !sameGroup(previous, current),
    startsSenderRun: !sameRun(previous, current),
    endsSenderRun: !sameRun(current, next),
  } satisfies MessagePlacement;
}

/** Groups of consecutive messages sharing a 60 000 ms bucket, oldest first. */
export function groupByMinute(messages: readonly Message[]): Message[][] {
  const groups: Message[][] = [];
  let current: Message[] = [];
  for (const message of messages) {
    const last = current[current.length - 1];
    if (last && !sameGroup(last, message)) {
      groups.push(current);
      current = [];
    }
    current.push(message);
  }
  if (current.length > 0) groups.push(current);
  return groups;
}
