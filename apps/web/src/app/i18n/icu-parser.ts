import { parse } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';

// The build gives every other module FormatJS's parser-less build (apps/web/build/compile-messages.ts); this
// one gets the real parser and hands it to the formatter, for texts that are not in a compiled catalogue.
IntlMessageFormat.__parse = parse;
