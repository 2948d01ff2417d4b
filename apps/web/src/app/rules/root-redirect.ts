import type { LayoutMode } from '../../platform/rules/layout';
import { isSingleColumn } from '../../platform/rules/layout';

export type RootRedirectInput =
  | { signedIn: true; forceOnboarding: boolean; layout: LayoutMode }
  | {
      signedIn: false;
      singleUserAccount: string | null;
      explorePageEnabled: boolean;
    };

/** Where `/` leads (SPEC §2 "Root redirect"). */
export function rootRedirectPath(input: RootRedirectInput): string {
  if (input.signedIn) {
    if (input.forceOnboarding) return '/start';
    return isSingleColumn(input.layout) ? '/home' : '/deck/getting-started';
  }
  if (input.singleUserAccount) return `/@${input.singleUserAccount}`;
  if (input.explorePageEnabled) return '/explore';
  return '/public/local';
}
