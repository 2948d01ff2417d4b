// The rest of a catalogue, beyond its first-screen part (build/compile-messages.ts).
declare module '*.json?rest' {
  import type { Catalogue } from './messages';

  const messages: Catalogue;
  export default messages;
}
