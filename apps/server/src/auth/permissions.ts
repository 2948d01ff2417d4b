import { Permission } from '@palchat/api';
import type { AccountRow } from './viewer.js';

/** Mastodon's permission bits for a role: moderators handle reports, administrators everything. */
export function permissionsOf(account: Pick<AccountRow, 'role'>): number {
  switch (account.role) {
    case 'admin':
      return Permission.administrator | Permission.viewDashboard | Permission.manageReports;
    case 'moderator':
      return Permission.manageReports;
    default:
      return 0;
  }
}

export const ROLES = ['user', 'moderator', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}
