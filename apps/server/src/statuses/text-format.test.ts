import { describe, expect, it } from 'vitest';
import {
  extractMentions,
  extractRemoteMentions,
  localMentionName,
  mentionKey,
  textToHtml,
  type FormatOptions,
} from './text-format.js';

const publicUrl = 'https://social.example';
const status = (mentions: FormatOptions['mentions']): FormatOptions => ({
  publicUrl,
  localDomain: 'social.example',
  linkTagsAndMentions: true,
  mentions,
});
const link = (username: string) =>
  `<span class="h-card"><a href="${publicUrl}/@${username}" class="u-url mention">@<span>${username}</span></a></span>`;

describe('extractMentions', () => {
  it('names local accounts as @name or @name@<local domain>, case-insensitively, in order of first use', () => {
    expect(
      extractMentions('@Bob and @carol@SOCIAL.example, then @bob again (@dave)', 'social.example'),
    ).toEqual(['bob', 'carol', 'dave']);
  });

  it('leaves out mentions of another domain: they name nobody here', () => {
    expect(extractMentions('hi @bob@elsewhere.example and @carol', 'social.example')).toEqual(['carol']);
    expect(extractMentions('@bob@social.example.evil', 'social.example')).toEqual([]);
    expect(extractMentions('@bob@elsewhere.example', undefined)).toEqual([]);
  });

  it('reads a local domain with a port, and ignores e-mail addresses', () => {
    expect(extractMentions('@bob@127.0.0.1:3000 and @eve@127.0.0.1:4000', '127.0.0.1:3000')).toEqual(['bob']);
    expect(extractMentions('mail me at me@bob.example', 'social.example')).toEqual([]);
  });

  it('stops a domain before trailing punctuation', () => {
    expect(extractMentions('thanks @bob@social.example.', 'social.example')).toEqual(['bob']);
  });
});

describe('localMentionName', () => {
  it('is the lower-cased username for no domain or the local one, null for any other', () => {
    expect(localMentionName('Bob', undefined, 'social.example')).toBe('bob');
    expect(localMentionName('Bob', 'Social.Example', 'social.example')).toBe('bob');
    expect(localMentionName('Bob', 'elsewhere.example', 'social.example')).toBeNull();
    expect(localMentionName('Bob', 'social.example', undefined)).toBeNull();
  });
});

describe('textToHtml mentions', () => {
  it('links a mention of a resolved account with the h-card markup and its own spelling', () => {
    expect(textToHtml('hi @BOB!', status([{ username: 'bob' }]))).toBe(`<p>hi ${link('bob')}!</p>`);
  });

  it('links @name@<local domain> as the local account, the whole mention inside the link', () => {
    expect(textToHtml('hi @bob@Social.Example.', status([{ username: 'bob' }]))).toBe(
      `<p>hi ${link('bob')}.</p>`,
    );
  });

  it('keeps an @name that resolved to nobody as plain escaped text', () => {
    expect(textToHtml('hi @ghost & @bob', status([{ username: 'bob' }]))).toBe(
      `<p>hi @ghost &amp; ${link('bob')}</p>`,
    );
    expect(textToHtml('hi @bob', status(undefined))).toBe('<p>hi @bob</p>');
  });

  it('never links a mention of another domain, even when a local account has that username', () => {
    expect(textToHtml('hi @bob@elsewhere.example and @bob', status([{ username: 'bob' }]))).toBe(
      `<p>hi @bob@elsewhere.example and ${link('bob')}</p>`,
    );
  });

  it('links nothing but URLs outside statuses', () => {
    expect(textToHtml('@bob #tag', { publicUrl, mentions: [{ username: 'bob' }] })).toBe('<p>@bob #tag</p>');
  });

  it('still links hashtags and URLs next to plain mentions', () => {
    expect(textToHtml('@ghost #Cats https://example.com/x', status([]))).toBe(
      '<p>@ghost <a href="https://social.example/tags/cats" class="mention hashtag" rel="tag">#<span>Cats</span></a> ' +
        '<a href="https://example.com/x" rel="nofollow noopener" target="_blank">https://example.com/x</a></p>',
    );
  });
});

describe('remote mentions', () => {
  it('extracts @name@domain of other servers, lower-cased, once each, local ones left to extractMentions', () => {
    expect(
      extractRemoteMentions(
        '@Bob@Remote.Example @carol @bob@remote.example @dave@social.example @eve@b.example:8443',
        'social.example',
      ),
    ).toEqual([
      { username: 'bob', domain: 'remote.example' },
      { username: 'eve', domain: 'b.example:8443' },
    ]);
  });

  it('keys local mentions by username and remote ones by username@domain', () => {
    expect(mentionKey('Bob', undefined, 'social.example')).toBe('bob');
    expect(mentionKey('Bob', 'SOCIAL.example', 'social.example')).toBe('bob');
    expect(mentionKey('Bob', 'Remote.Example', 'social.example')).toBe('bob@remote.example');
  });

  it('links a known remote account to its profile page, and not its local namesake', () => {
    const remoteBob = { username: 'bob', domain: 'remote.example', url: 'https://remote.example/@bob' };
    expect(textToHtml('@bob@Remote.example and @bob', status([remoteBob]))).toBe(
      '<p><span class="h-card"><a href="https://remote.example/@bob" class="u-url mention">@<span>bob</span></a></span> and @bob</p>',
    );
  });
});
