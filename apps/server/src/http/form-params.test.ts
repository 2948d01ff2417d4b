import { describe, expect, it } from 'vitest';
import { nestFormParams, parseFormBody } from './form-params.js';

describe('Rails-style form parameters', () => {
  it('keeps plain keys, and lists a key sent twice', () => {
    expect(parseFormBody('status=hi+there&visibility=public&x=1&x=2')).toEqual({
      status: 'hi there',
      visibility: 'public',
      x: ['1', '2'],
    });
  });

  it('nests hashes and lists', () => {
    expect(
      parseFormBody('source[privacy]=private&source[sensitive]=true&media_ids[]=1&media_ids[]=2'),
    ).toEqual({
      source: { privacy: 'private', sensitive: 'true' },
      media_ids: ['1', '2'],
    });
    expect(parseFormBody('poll[options][]=a&poll[options][]=b&poll[expires_in]=300')).toEqual({
      poll: { options: ['a', 'b'], expires_in: '300' },
    });
  });

  it('groups `a[][k]` fields into one element until a key repeats', () => {
    const body = new URLSearchParams([
      ['keywords_attributes[][keyword]', 'cats'],
      ['keywords_attributes[][whole_word]', 'true'],
      ['keywords_attributes[][keyword]', 'dogs'],
    ]).toString();
    expect(parseFormBody(body)).toEqual({
      keywords_attributes: [{ keyword: 'cats', whole_word: 'true' }, { keyword: 'dogs' }],
    });
  });

  it('reads an indexed hash (`a[1][k]`, `a[0][k]`) as the list it stands for, in index order', () => {
    const body = new URLSearchParams([
      ['fields_attributes[1][name]', 'second'],
      ['fields_attributes[0][name]', 'first'],
      ['fields_attributes[0][value]', 'one'],
    ]).toString();
    expect(parseFormBody(body)).toEqual({
      fields_attributes: [{ name: 'first', value: 'one' }, { name: 'second' }],
    });
  });

  it('ignores prototype keys and leaves malformed brackets as plain keys', () => {
    const parsed = parseFormBody('__proto__[admin]=1&a[constructor][x]=1&b[c=2&d]=3');
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    expect(parsed).toEqual({ a: {}, 'b[c': '2', 'd]': '3' });
  });

  it('nests multipart fields in the order they were sent', () => {
    expect(
      nestFormParams([
        ['id[]', '1'],
        ['id[]', '2'],
        ['home[last_read_id]', '5'],
      ]),
    ).toEqual({
      id: ['1', '2'],
      home: { last_read_id: '5' },
    });
  });
});
