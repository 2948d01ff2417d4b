import { config, z } from 'zod';

// Zod compiles object parsers with `new Function`, after probing once whether it may. The web page's
// Content-Security-Policy forbids eval and reports even the caught probe as a violation, so in a browser the
// schemas parse without it; the server keeps the compiled parsers. Every schema module takes `z` from here,
// so this runs before any schema is defined.
if ('document' in globalThis) config({ jitless: true });

export { z };
