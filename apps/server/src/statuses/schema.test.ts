import { describe, expect, it } from 'vitest';
import { parseFormBody } from '../http/form-params.js';
import { parseStatusInput } from './schema.js';

describe('parseStatusInput media_attributes', () => {
  it('takes a JSON list as it is', () => {
    const input = parseStatusInput({
      status: 'x',
      media_attributes: [{ id: '1', description: 'a', focus: '0,0', thumbnail: 'ignored' }],
    });
    expect(input.media_attributes).toEqual([{ id: '1', description: 'a', focus: '0,0' }]);
  });

  it('reads form fields (nested by the form parser): repeated groups as Rails does, indexed ones in index order', () => {
    const form = (fields: [string, string][]) => parseFormBody(new URLSearchParams(fields).toString());
    expect(
      parseStatusInput(
        form([
          ['media_attributes[][id]', '1'],
          ['media_attributes[][description]', 'one'],
          ['media_attributes[][id]', '2'],
          ['media_attributes[][description]', 'two'],
        ]),
      ).media_attributes,
    ).toEqual([
      { id: '1', description: 'one' },
      { id: '2', description: 'two' },
    ]);
    expect(
      parseStatusInput(
        form([
          ['media_attributes[1][id]', '2'],
          ['media_attributes[0][focus]', '0.5,0.5'],
          ['media_attributes[0][id]', '1'],
        ]),
      ).media_attributes,
    ).toEqual([{ id: '1', focus: '0.5,0.5' }, { id: '2' }]);
  });

  it('leaves media_attributes out when none were sent, and refuses an entry without id', () => {
    expect(parseStatusInput({ status: 'x' }).media_attributes).toBeUndefined();
    expect(() => parseStatusInput(parseFormBody('media_attributes[][description]=no+id'))).toThrow();
  });
});

describe('parseStatusInput allowed_mentions and scheduled_at', () => {
  it('reads allowed_mentions[] form fields, a lone one as a list, and leaves it out when not sent', () => {
    expect(form('status=x&allowed_mentions[]=1&allowed_mentions[]=2').allowed_mentions).toEqual(['1', '2']);
    expect(form('status=x&allowed_mentions=7').allowed_mentions).toEqual(['7']);
    expect(parseStatusInput({ status: 'x', allowed_mentions: [] }).allowed_mentions).toEqual([]);
    expect(parseStatusInput({ status: 'x' }).allowed_mentions).toBeUndefined();
  });

  it('keeps scheduled_at as sent, for the scheduling rules to read', () => {
    expect(form('status=x&scheduled_at=2030-01-01T00:00:00Z').scheduled_at).toBe('2030-01-01T00:00:00Z');
  });
});

function form(query: string) {
  return parseStatusInput(parseFormBody(query));
}
