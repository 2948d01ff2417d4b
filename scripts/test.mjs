#!/usr/bin/env node
// `npm test`: every check, in stages. The suites within a stage are independent of each other and mostly wait on
// different things (ESLint and tsc are single-threaded; the federation suite runs in its own network namespaces
// while the integration tests use the databases; the selfhost suite, dist/'s files, has a namespace of its own),
// so they run side by side on CI's two cores. Each suite's lines are prefixed with its name; a stage's failure
// stops the run after that stage, and the exit code is non-zero.
import { spawn } from 'node:child_process';
import { requireSupportedNode } from './require-node.mjs';

requireSupportedNode();

const STAGES = [
  ['lint', 'typecheck'],
  ['test:unit'],
  ['test:integration', 'test:federation', 'test:selfhost'],
  ['test:e2e'],
];

function prefixLines(stream, label, out) {
  let pending = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) out.write(`${label} ${line}\n`);
  });
  stream.on('end', () => {
    if (pending) out.write(`${label} ${pending}\n`);
  });
}

function runScript(script, alone) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], {
      stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: process.env,
    });
    if (!alone) {
      prefixLines(child.stdout, `[${script}]`, process.stdout);
      prefixLines(child.stderr, `[${script}]`, process.stderr);
    }
    child.on('close', (code) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      console.log(`== ${script}: ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${seconds} s`);
      resolve(code === 0);
    });
  });
}

const startedAt = Date.now();
for (const stage of STAGES) {
  const results = await Promise.all(stage.map((script) => runScript(script, stage.length === 1)));
  if (results.includes(false)) {
    console.error(`npm test failed in: ${stage.filter((_, i) => !results[i]).join(', ')}`);
    process.exit(1);
  }
}
console.log(`npm test passed in ${Math.round((Date.now() - startedAt) / 60000)} min`);
