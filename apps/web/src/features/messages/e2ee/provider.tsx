import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useInitialState } from '../../../platform/initial-state-context';
import { loadedConversations, type ConversationListPages } from '../data/cache';
import { messageKeys } from '../query-keys';
import { useDock } from '../state/dock-context';
import { useStream } from '../streaming/stream-context';
import { isEncrypted, loadEncryption, setActiveEncryption, setBoxAccount, type Encryption } from './index';
import type { BoxContext } from './runtime';

/**
 * Encrypted chats in the box: the device session opens when the box is expanded (the lazy chunk loads then, to
 * keep the key packages topped up and to decrypt what arrives), or when a chat needs it earlier; its decrypted
 * events are shown in the box; its removal (410) is shown instead of the chats.
 */
interface EncryptionApi {
  /** the runtime and this device's session, loaded the first time */
  ensure: () => Promise<Encryption>;
  /** the server removed this device: encrypted chats are gone from this browser */
  removed: boolean;
}

const KEY_PACKAGE_UPKEEP_MS = 5 * 60_000;

const EncryptionContext = createContext<EncryptionApi | null>(null);

export function EncryptionProvider({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  const dock = useDock();
  const stream = useStream();
  const { identity, csrfToken } = useInitialState();
  const [removed, setRemoved] = useState(false);
  const dockRef = useRef(dock);
  useEffect(() => {
    dockRef.current = dock;
  }, [dock]);
  const pending = useRef<Promise<Encryption> | null>(null);
  const account = useMemo(
    () => ({ id: dock.currentUserId, username: identity.username ?? '', csrfToken }),
    [dock.currentUserId, identity.username, csrfToken],
  );
  useEffect(() => setBoxAccount(account), [account]);

  const ensure = useCallback(() => {
    pending.current ??= (async () => {
      const runtime = await loadEncryption();
      const session = await runtime.openSession(account);
      const box: BoxContext = {
        client,
        typing: stream.typing,
        currentUserId: account.id,
        openConversationId: () => {
          const current = dockRef.current;
          return current.expanded && current.screen === 'chat' ? current.conversationId : null;
        },
        scheduleMarkRead: stream.markRead,
        onDeviceRemoved: () => {
          pending.current = null;
          setActiveEncryption(null);
          setRemoved(true);
          void client.invalidateQueries({ queryKey: messageKeys.all });
        },
      };
      runtime.connect(session, box);
      const ready = { runtime, session, box };
      setActiveEncryption(ready);
      return ready;
    })().catch((error: unknown) => {
      pending.current = null;
      throw error;
    });
    return pending.current;
  }, [account, client, stream.typing, stream.markRead]);

  // the expanded box keeps this device reachable: key packages, and what arrived while it was closed
  useEffect(() => {
    if (!dock.expanded || removed || !account.username) return;
    ensure()
      .then(async ({ runtime, session }) => {
        await session.tendKeyPackages();
        await runtime.start(session);
        const list = loadedConversations(
          client.getQueryData<ConversationListPages>(messageKeys.conversations()),
        );
        await runtime.loadPreviews(session, list.filter(isEncrypted));
      })
      .catch((error: unknown) => console.error('Encrypted chats: the device could not start', error));
    // others claim this device's key packages while the box stays open: they are topped up now and then
    const timer = window.setInterval(() => {
      ensure()
        .then(({ session }) => session.tendKeyPackages())
        .catch((error: unknown) => console.error('Encrypted chats: key packages were not topped up', error));
    }, KEY_PACKAGE_UPKEEP_MS);
    return () => window.clearInterval(timer);
  }, [dock.expanded, removed, ensure, client, account]);

  const value = useMemo(() => ({ ensure, removed }), [ensure, removed]);
  return <EncryptionContext.Provider value={value}>{children}</EncryptionContext.Provider>;
}

/** Outside a box (component tests): no encrypted chats. */
const unavailable: EncryptionApi = {
  ensure: () => Promise.reject(new Error('Encrypted chats are not available here')),
  removed: false,
};

export function useEncryption(): EncryptionApi {
  return useContext(EncryptionContext) ?? unavailable;
}
