// The rest of a catalogue, beyond its first-screen part (build/compile-messages.ts).
declare module '*.json?rest' {
  import type { Catalogue } from './messages';

  const messages: Catalogue;
  export default messages;
}

// English in the pseudo-locale of the e2e build, both parts (build/pseudo-locale.ts).
declare module '*.json?pseudo' {
  import type { Catalogue } from './messages';

  const messages: Catalogue;
  export default messages;
}

declare module '*.json?pseudo-rest' {
  import type { Catalogue } from './messages';

  const messages: Catalogue;
  export default messages;
}
