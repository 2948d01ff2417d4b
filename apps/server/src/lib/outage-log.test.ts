import { describe, expect, it } from 'vitest';
import { OutageLog } from './outage-log.js';

describe('an outage log', () => {
  it('writes one line when a dependency goes and one when it is back, however many errors came between', () => {
    const lines: string[] = [];
    const outage = new OutageLog('database', (line) => lines.push(line));
    outage.recovered();
    for (let attempt = 0; attempt < 50; attempt += 1)
      outage.failed(Object.assign(new Error('x'), { code: 'ECONNRESET' }));
    expect(outage.isDown).toBe(true);
    outage.recovered();
    outage.recovered();
    outage.failed(new Error('Connection terminated unexpectedly'));
    expect(lines).toEqual([
      'database unavailable: ECONNRESET',
      'database available again',
      'database unavailable: Connection terminated unexpectedly',
    ]);
  });
});
