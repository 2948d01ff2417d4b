import { describe, expect, it } from 'vitest';
import { FIT, clampView, zoomAround } from './zoom';

describe('media viewer zoom', () => {
  it('keeps the point under the pointer in place', () => {
    const zoomed = zoomAround(FIT, 2, 100, -50);
    // the picture's point that was at (100, -50) is still there: x + scale * 100 = 100
    expect(zoomed).toEqual({ scale: 2, x: -100, y: 50 });
    expect(zoomAround(zoomed, 1, 100, -50)).toEqual(FIT);
  });

  it('never zooms out below the fit nor past four times, nor pans past the edges', () => {
    expect(clampView({ scale: 0.5, x: 30, y: 0 }, 400, 300)).toEqual(FIT);
    expect(clampView({ scale: 9, x: 0, y: 0 }, 400, 300).scale).toBe(4);
    expect(clampView({ scale: 2, x: 500, y: -500 }, 400, 300)).toEqual({ scale: 2, x: 200, y: -150 });
  });
});
