import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalEmailHash, domainAndParents, domainSchema, ipBlockCreateSchema } from './server-blocks.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('server-wide block rules', () => {
  it('hashes the canonical address: lower case, no dots or +suffix in the local part', () => {
    expect(canonicalEmailHash('Bad.Actor+spam@Mail.Example')).toBe(sha256('badactor@mail.example'));
    expect(canonicalEmailHash('badactor@mail.example')).toBe(
      canonicalEmailHash('b.a.d.actor+x@mail.example'),
    );
    expect(canonicalEmailHash('badactor@other.example')).not.toBe(
      canonicalEmailHash('badactor@mail.example'),
    );
  });

  it('covers a domain and its parents, never a bare top-level domain', () => {
    expect(domainAndParents('a.b.example.com')).toEqual(['a.b.example.com', 'b.example.com', 'example.com']);
    expect(domainAndParents('localhost')).toEqual([]);
  });

  it('accepts host names only, stored lower case without a trailing dot', () => {
    expect(domainSchema.parse(' Spam.Example. ')).toBe('spam.example');
    for (const bad of ['spam', 'http://spam.example', 'sp am.example', '-spam.example'])
      expect(domainSchema.safeParse(bad).success).toBe(false);
  });

  it('stores IP blocks as address/prefix and refuses what is not an address or range', () => {
    const parse = (ip: string) => ipBlockCreateSchema.safeParse({ ip, severity: 'no_access' });
    expect(parse('192.0.2.7').data?.ip).toBe('192.0.2.7/32');
    expect(parse('2001:DB8::/32').data?.ip).toBe('2001:db8::/32');
    for (const bad of ['192.0.2.0/33', 'example.com', '10.0.0.0/x']) expect(parse(bad).success).toBe(false);
  });
});
