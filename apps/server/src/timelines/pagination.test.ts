import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { pageQuerySchema, parseQuery, setLinkHeader } from './pagination.js';

function linkFor(url: string, cursors: string[], limit = 2): string | undefined {
  const request = { url, protocol: 'https', host: 'palchat.example' } as FastifyRequest;
  let link: string | undefined;
  const reply = {
    header: (name: string, value: string) => {
      if (name === 'Link') link = value;
      return reply;
    },
  } as unknown as FastifyReply;
  setLinkHeader(request, reply, cursors, { limit });
  return link;
}

describe('Link header', () => {
  it('links the older page (when full) and the newer one on the request’s own path', () => {
    expect(linkFor('/api/v1/timelines/home', ['30', '20'])).toBe(
      '<https://palchat.example/api/v1/timelines/home?max_id=20>; rel="next", ' +
        '<https://palchat.example/api/v1/timelines/home?min_id=30>; rel="prev"',
    );
    expect(linkFor('/api/v1/timelines/home', ['30'])).toBe(
      '<https://palchat.example/api/v1/timelines/home?min_id=30>; rel="prev"',
    );
    expect(linkFor('/api/v1/timelines/home', [])).toBeUndefined();
  });

  it('keeps the request’s other parameters and replaces its cursors', () => {
    expect(linkFor('/api/v1/timelines/public?local=true&max_id=99&since_id=1&limit=2', ['30', '20'])).toBe(
      '<https://palchat.example/api/v1/timelines/public?local=true&limit=2&max_id=20>; rel="next", ' +
        '<https://palchat.example/api/v1/timelines/public?local=true&limit=2&min_id=30>; rel="prev"',
    );
  });

  it('takes only the path of an absolute request target, never its host', () => {
    expect(linkFor('http://elsewhere.example/api/v1/timelines/home', ['30'])).toBe(
      '<https://palchat.example/api/v1/timelines/home?min_id=30>; rel="prev"',
    );
  });

  it('writes a cursor that is not an id as URLSearchParams does, and the same links for the same request again', () => {
    expect(linkFor('/api/v1/markers?x=a b', ['30 &x', '20'])).toBe(
      '<https://palchat.example/api/v1/markers?x=a+b&max_id=20>; rel="next", ' +
        '<https://palchat.example/api/v1/markers?x=a+b&min_id=30+%26x>; rel="prev"',
    );
    expect(linkFor('/api/v1/markers?x=a b', ['31'], 1)).toBe(
      '<https://palchat.example/api/v1/markers?x=a+b&max_id=31>; rel="next", ' +
        '<https://palchat.example/api/v1/markers?x=a+b&min_id=31>; rel="prev"',
    );
  });
});

describe('parseQuery', () => {
  const schema = pageQuerySchema(20, 40);

  it('answers no parameters with the defaults, a new object each time', () => {
    const first = parseQuery(schema, {});
    expect(first).toEqual({ limit: 20 });
    first.limit = 1;
    expect(parseQuery(schema, Object.create(null))).toEqual({ limit: 20 });
  });

  it('parses parameters as the schema does, refusing malformed ones', () => {
    expect(parseQuery(schema, { max_id: '12', limit: '500' })).toEqual(
      schema.parse({ max_id: '12', limit: '500' }),
    );
    expect(() => parseQuery(schema, { max_id: 'x' })).toThrow();
  });
});
