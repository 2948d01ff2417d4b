import type { Account } from '@palchat/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../api/client';
import type { MessageId } from '../../platform/i18n/messages';

/** The server's account migration settings (apps/server/src/accounts/migration-routes.ts). */
export interface Alias {
  acct: string | null;
  uri: string;
}

export interface MigrationState {
  moved_to: Account | null;
  cooldown_until: string | null;
  followers_count: number;
}

const ALIASES_KEY = ['settings', 'aliases'] as const;
const MIGRATION_KEY = ['settings', 'migration'] as const;

export function useAliases() {
  return useQuery({
    queryKey: ALIASES_KEY,
    queryFn: ({ signal }) => api.get<{ aliases: Alias[] }>('/api/web/settings/aliases', { signal }),
  });
}

export function useMigration() {
  return useQuery({
    queryKey: MIGRATION_KEY,
    queryFn: ({ signal }) => api.get<MigrationState>('/api/web/settings/migration', { signal }),
  });
}

export function useAddAlias() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (acct: string) => api.post<{ aliases: Alias[] }>('/api/web/settings/aliases', { acct }),
    onSuccess: (data) => client.setQueryData(ALIASES_KEY, data),
  });
}

export function useRemoveAlias() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (uri: string) =>
      api.delete<{ aliases: Alias[] }>('/api/web/settings/aliases', { query: { uri } }),
    onSuccess: (data) => client.setQueryData(ALIASES_KEY, data),
  });
}

/** Moving the account, or (input null) cancelling the redirect. The page reloads after either: identity changes. */
export function useMove() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { acct: string; current_password: string } | null) =>
      input
        ? api.post<MigrationState>('/api/web/settings/migration', input)
        : api.delete<MigrationState>('/api/web/settings/migration'),
    onSuccess: (data) => client.setQueryData(MIGRATION_KEY, data),
  });
}

const ERROR_MESSAGES: Record<string, MessageId> = {
  acct_blank: 'migration.error_acct_blank',
  not_found: 'migration.error_not_found',
  self: 'migration.error_self',
  taken: 'migration.error_taken',
  invalid_password: 'migration.error_invalid_password',
  move_to_self: 'migration.error_move_to_self',
  already_moved: 'migration.error_already_moved',
  missing_also_known_as: 'migration.error_missing_also_known_as',
  cooldown: 'migration.error_cooldown',
  target_unavailable: 'migration.error_target_unavailable',
};

/** The catalogue's text for a refusal the server names by code; null for others (shown as the server says). */
export function migrationErrorMessage(error: unknown): MessageId | null {
  if (!(error instanceof ApiError)) return null;
  const body = error.body as { code?: unknown } | null;
  return typeof body?.code === 'string' ? (ERROR_MESSAGES[body.code] ?? null) : null;
}
