import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/errors.js';
import { mediaColumns, parseFocus } from './attributes.js';

describe('parseFocus', () => {
  it('reads "x,y" with each number from -1 to 1', () => {
    expect(parseFocus('0.5,-0.25')).toEqual({ x: 0.5, y: -0.25 });
    expect(parseFocus(' -1 , 1 ')).toEqual({ x: -1, y: 1 });
    expect(parseFocus('.5,0')).toEqual({ x: 0.5, y: 0 });
  });

  it('refuses anything else with a 422', () => {
    for (const text of ['', '0', '0,0,0', '1.01,0', '0,-2', 'a,b', '0x1,0', '1e0,0', 'NaN,0', ',']) {
      expect(() => parseFocus(text), text).toThrow(ApiError);
      try {
        parseFocus(text);
      } catch (error) {
        expect((error as ApiError).statusCode).toBe(422);
      }
    }
  });
});

describe('mediaColumns', () => {
  it('writes only what was given; empty values clear', () => {
    expect(mediaColumns({})).toEqual({});
    expect(mediaColumns({ description: 'alt' })).toEqual({ description: 'alt' });
    expect(mediaColumns({ description: '  ', focus: '' })).toEqual({
      description: null,
      focus_x: null,
      focus_y: null,
    });
    expect(mediaColumns({ focus: '0,1' })).toEqual({ focus_x: 0, focus_y: 1 });
  });

  it('counts the description limit in characters, not UTF-16 units', () => {
    expect(mediaColumns({ description: '🐱'.repeat(1500) }).description).toHaveLength(3000);
    expect(() => mediaColumns({ description: 'x'.repeat(1501) })).toThrow(/too long/);
  });
});
