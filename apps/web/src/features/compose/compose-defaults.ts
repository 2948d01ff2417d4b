import type { Visibility } from '@palchat/api';
import { useCredentialAccount } from '../../api/queries';
import type { ComposeDraft } from '../../platform/stores/compose-draft';
import type { ComposeExtras } from './compose-extras';
import { mediaSensitive, postVisibility, type PostingDefaults } from './compose-rules';
import { browserLanguage } from './languages';

/** The account's posting defaults (verify_credentials `source`), the browser's language while they load. */
export function usePostingDefaults(): PostingDefaults {
  const source = useCredentialAccount().data?.source;
  return {
    privacy: source?.privacy ?? 'public',
    sensitive: source?.sensitive ?? false,
    language: source?.language || browserLanguage(),
    quotePolicy: source?.quote_policy ?? 'public',
  };
}

/** The draft as it is sent: what the form left to the defaults filled in from them. */
export function withPostingDefaults(
  draft: ComposeDraft,
  extras: ComposeExtras,
  defaults: PostingDefaults,
  replyTo: Visibility | null,
): { draft: ComposeDraft; extras: ComposeExtras } {
  return {
    draft: { ...draft, visibility: postVisibility(draft.visibility, defaults, replyTo) },
    extras: {
      ...extras,
      sensitive: mediaSensitive({
        mediaCount: draft.media.length + extras.attached.length,
        spoilerOn: extras.spoilerOn,
        chosen: extras.sensitive,
        defaults,
      }),
      language: extras.language ?? defaults.language,
    },
  };
}
