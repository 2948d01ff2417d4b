// Prints the functions with the most self time in a V8 .cpuprofile (from `node --cpu-prof`).
//   node bench/profile-summary.mjs <file.cpuprofile> [rows]
import fs from 'node:fs';

const [file, rowsArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node bench/profile-summary.mjs <file.cpuprofile> [rows]');
  process.exit(1);
}
const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const interval = new Map();
for (let index = 0; index < profile.samples.length; index += 1) {
  const id = profile.samples[index];
  interval.set(id, (interval.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
}
const self = new Map();
let total = 0;
for (const [id, micros] of interval) {
  const { functionName, url, lineNumber } = byId.get(id).callFrame;
  const where = url
    ? `${url.replace(/^file:\/\//, '').replace(process.cwd() + '/', '')}:${lineNumber + 1}`
    : '';
  const key = `${functionName || '(anonymous)'} ${where}`;
  self.set(key, (self.get(key) ?? 0) + micros);
  total += micros;
}
const rows = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, Number(rowsArg || 30));
console.log(`total ${(total / 1000).toFixed(0)} ms sampled`);
for (const [key, micros] of rows) {
  console.log(
    `${((100 * micros) / total).toFixed(1).padStart(5)}%  ${(micros / 1000).toFixed(0).padStart(6)} ms  ${key}`,
  );
}
