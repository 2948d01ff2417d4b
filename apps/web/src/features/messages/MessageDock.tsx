import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, useState, type ReactNode } from 'react';
import { DockPane } from './components/DockPane';
import { EncryptionProvider } from './e2ee/provider';
import { useChatRequests } from './hooks/use-chat-requests';
import { DockProvider } from './state/dock-context';
import { StreamProvider } from './streaming/stream-context';
import './styles/index.css';

export interface MessageDockProps {
  /** identity.accountId of the signed-in user */
  accountId: string;
  /** the web access token of the initial state, for the WebSocket */
  accessToken: string | null;
}

/**
 * The signed-in message box (SPEC §2 "Message box"), docked at the bottom right. Its texts are the shell's
 * catalogue (messages.*); it uses the shell's QueryClient when there is one (falling back to its own), and owns
 * its WebSocket while mounted.
 */
export function MessageDock({ accountId, accessToken }: MessageDockProps) {
  return (
    <EnsureQueryClient>
      <DockProvider currentUserId={accountId}>
        <StreamProvider accessToken={accessToken}>
          <EncryptionProvider>
            <ChatRequests />
            <DockPane />
          </EncryptionProvider>
        </StreamProvider>
      </DockProvider>
    </EnsureQueryClient>
  );
}

/** Opens the chats asked for from outside the box (a profile's Message button). */
function ChatRequests() {
  useChatRequests();
  return null;
}

function EnsureQueryClient({ children }: { children: ReactNode }) {
  const shared = useContext(QueryClientContext);
  const [own] = useState(() => shared ?? new QueryClient());
  if (shared) return <>{children}</>;
  return <QueryClientProvider client={own}>{children}</QueryClientProvider>;
}

export default MessageDock;
