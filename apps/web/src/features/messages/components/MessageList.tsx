import {
  forwardRef,
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Virtuoso, type VirtuosoHandle } from 'react-virtuoso';
import { FIRST_ITEM_INDEX, shiftedFirstItemIndex } from '../../../components/paging';
import type { Message } from '../model';
import { HIGHLIGHT_MS, SCROLL_BOTTOM_THRESHOLD_PX } from '../rules/constants';
import { placeMessage } from '../rules/grouping';
import { IconButton } from '../../../components/Button';
import { MessageItem, type MessageItemProps } from './MessageItem';
import { useT } from '../../../platform/i18n/use-t';

const keyOf = (message: Message): string => message.local_key ?? message.id;

interface ListContext {
  loadingOlderText: string | null;
}

const listComponents = {
  Header: ({ context }: { context?: ListContext }) =>
    context?.loadingOlderText ? (
      <p className="mbox-state mbox-state--small" role="status">
        {context.loadingOlderText}
      </p>
    ) : (
      <div className="mbox-messages__spacer" />
    ),
  Footer: () => <div className="mbox-messages__spacer" />,
};

export interface MessageListHandle {
  scrollToBottom: () => void;
}

type ItemCallbacks = Pick<MessageItemProps, 'onReply' | 'onReact' | 'onDelete' | 'onDeleteForEveryone'>;

export interface MessageListProps extends ItemCallbacks {
  /** the window of the history held (data/window.ts), oldest first */
  messages: Message[];
  currentUserId: string;
  isGroup: boolean;
  showReceipts: boolean;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  /** newer messages were dropped from the window while reading back: they load again at its end */
  hasNewer: boolean;
  loadingNewer: boolean;
  onLoadNewer: () => void;
  /** starts the chat again from its newest message (the window is far from it) */
  onJumpToNewest: () => void;
  highlightMessageId: string | null;
  onHighlightDone: () => void;
}

/**
 * The chat's messages, virtualized: only visible rows are in the DOM, older pages are prepended as the user
 * scrolls up, new messages are followed while at the bottom, and a button returns there from > 100 px away.
 */
export const MessageList = forwardRef<MessageListHandle, MessageListProps>(function MessageList(props, ref) {
  const t = useT();
  const virtuoso = useRef<VirtuosoHandle>(null);
  const [atBottom, setAtBottom] = useState(true);
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const { messages, hasOlder, loadingOlder, onLoadOlder, highlightMessageId, onHighlightDone } = props;
  const { hasNewer, loadingNewer, onLoadNewer, onJumpToNewest } = props;

  // rows added or dropped above the view move Virtuoso's first index, so the rows in view stay put
  const indexing = useRef<{ keys: string[]; first: number }>({ keys: [], first: FIRST_ITEM_INDEX });
  const firstItemIndex = useMemo(() => {
    const keys = messages.map(keyOf);
    const first = shiftedFirstItemIndex(indexing.current.keys, keys, indexing.current.first);
    indexing.current = { keys, first };
    return first;
  }, [messages]);

  const scrollToBottom = useCallback(() => {
    virtuoso.current?.scrollToIndex({ index: 'LAST', align: 'end', behavior: 'auto' });
  }, []);
  useImperativeHandle(ref, () => ({ scrollToBottom }), [scrollToBottom]);

  /*
   * A chat opens at its newest message, whatever rows above or below measure once rendered: until the reader
   * moves the list (wheel, touch, a key, a press, or a scroll up that no change of the list's height explains),
   * every change of the list's height scrolls to the end again, and reaching the top loads nothing (it is only
   * the list laying itself out, not the reader scrolling up).
   */
  const pinnedToNewest = useRef(true);
  const scroller = useRef<HTMLElement | null>(null);
  const layout = useRef({ lastScrollTop: 0, heightChanged: false });
  const loadOlderAtTop = useCallback(() => {
    if (!pinnedToNewest.current && hasOlder && !loadingOlder) onLoadOlder();
  }, [hasOlder, loadingOlder, onLoadOlder]);
  /*
   * The scroller's listeners stay the same for the list's life and call the latest loadOlderAtTop: listeners
   * made anew with every page loaded would each keep the render they were made in (and its pages) alive.
   */
  const latestLoadOlderAtTop = useRef(loadOlderAtTop);
  useLayoutEffect(() => {
    latestLoadOlderAtTop.current = loadOlderAtTop;
  }, [loadOlderAtTop]);
  const releasePin = useCallback(() => {
    if (!pinnedToNewest.current) return;
    pinnedToNewest.current = false;
    // the top may have been in view all along (a short page): Virtuoso will not report reaching it again
    if ((scroller.current?.scrollTop ?? 1) <= 0) latestLoadOlderAtTop.current();
  }, []);
  const onScroll = useCallback(() => {
    const top = scroller.current?.scrollTop ?? 0;
    const { lastScrollTop, heightChanged } = layout.current;
    layout.current = { lastScrollTop: top, heightChanged: false };
    if (top < lastScrollTop - 1 && !heightChanged) releasePin();
  }, [releasePin]);
  const setScroller = useCallback(
    (element: HTMLElement | Window | null) => {
      const readerInput = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
      for (const type of readerInput) scroller.current?.removeEventListener(type, releasePin);
      scroller.current?.removeEventListener('scroll', onScroll);
      scroller.current = element instanceof HTMLElement ? element : null;
      for (const type of readerInput) scroller.current?.addEventListener(type, releasePin, { passive: true });
      scroller.current?.addEventListener('scroll', onScroll, { passive: true });
    },
    [releasePin, onScroll],
  );
  const onHeightChanged = useCallback(() => {
    layout.current.heightChanged = true;
    if (pinnedToNewest.current) scrollToBottom();
  }, [scrollToBottom]);

  // a message opened from search: load older pages until it is there, then scroll to it and highlight it
  useEffect(() => {
    if (!highlightMessageId) return undefined;
    const index = messages.findIndex((message) => message.id === highlightMessageId);
    if (index < 0) {
      if (hasOlder && !loadingOlder) onLoadOlder();
      else if (!hasOlder) onHighlightDone();
      return undefined;
    }
    pinnedToNewest.current = false;
    virtuoso.current?.scrollToIndex({ index, align: 'center' });
    setHighlighted(highlightMessageId);
    onHighlightDone();
    return undefined;
  }, [highlightMessageId, messages, hasOlder, loadingOlder, onLoadOlder, onHighlightDone]);

  useEffect(() => {
    if (!highlighted) return undefined;
    const timer = window.setTimeout(() => setHighlighted(null), HIGHLIGHT_MS);
    return () => window.clearTimeout(timer);
  }, [highlighted]);

  return (
    <div className="mbox-messages">
      <Virtuoso
        ref={virtuoso}
        className="mbox-scroll mbox-messages__scroller"
        data={messages}
        firstItemIndex={firstItemIndex}
        initialTopMostItemIndex={{ index: 'LAST', align: 'end' }}
        scrollerRef={setScroller}
        totalListHeightChanged={onHeightChanged}
        computeItemKey={(_, message) => keyOf(message)}
        startReached={loadOlderAtTop}
        endReached={() => {
          if (hasNewer && !loadingNewer) onLoadNewer();
        }}
        followOutput={(isAtBottom) => (isAtBottom && !hasNewer ? 'smooth' : false)}
        atBottomThreshold={SCROLL_BOTTOM_THRESHOLD_PX}
        atBottomStateChange={setAtBottom}
        increaseViewportBy={{ top: 400, bottom: 200 }}
        context={{ loadingOlderText: loadingOlder ? t('messages.chat.loading_older') : null }}
        components={listComponents}
        itemContent={(index, message) => {
          const position = index - firstItemIndex;
          return (
            <MessageItem
              message={message}
              placement={placeMessage(messages[position - 1], message, messages[position + 1])}
              currentUserId={props.currentUserId}
              isGroup={props.isGroup}
              showReceipts={props.showReceipts}
              highlighted={highlighted !== null && highlighted === message.id}
              onReply={props.onReply}
              onReact={props.onReact}
              onDelete={props.onDelete}
              onDeleteForEveryone={props.onDeleteForEveryone}
            />
          );
        }}
      />
      {!atBottom || hasNewer ? (
        <IconButton
          shape="round"
          icon="arrowDownward"
          iconSize={18}
          className="mbox-scroll-bottom"
          label={t('messages.chat.scroll_to_bottom')}
          data-testid="scroll-to-bottom"
          onClick={hasNewer ? onJumpToNewest : scrollToBottom}
        />
      ) : null}
    </div>
  );
});
