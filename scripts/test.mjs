#!/usr/bin/env node
/**
 * `npm test`: every check, in stages whose steps run side by side. Type checking and lint use one
 * core each and wait on nothing; the unit tests wait on PostgreSQL, child processes
 * and sockets much of the time: together they fill two cores better than one after the other.
 * Each step's output is printed whole when it ends; at the end, how long each step took.
 * `node scripts/test.mjs typecheck lint` runs only those steps.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** Stages run in order; a stage's steps run at once, and a failed stage stops the run. */
const STAGES = [
  // First, alone: tests that start the compiled server (image-memory) build it when stale, and two
  // builds at once could leave build/current with one's server and the other's older web app.
  ['build'],
  ['typecheck', 'lint', 'test:unit'],
  // Both need the build; the Node 24 pass is here because the first stage already fills the cores.
  ['test:production', 'test:node24'],
  ['test:e2e'],
];

const only = process.argv.slice(2);
const stages = only.length ? STAGES.map((steps) => steps.filter((step) => only.includes(step))).filter((steps) => steps.length) : STAGES;

function run(step) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', step], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const seconds = (Date.now() - started) / 1000;
      process.stdout.write(`\n── ${step}: ${code === 0 ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`} in ${seconds.toFixed(0)} s ──\n`);
      process.stdout.write(Buffer.concat(output));
      resolve({ step, ok: code === 0, seconds });
    });
  });
}

const started = Date.now();
const results = [];
let failed = false;
for (const steps of stages) {
  const stageResults = await Promise.all(steps.map(run));
  results.push(...stageResults);
  if (stageResults.some((result) => !result.ok)) {
    failed = true;
    break;
  }
}

const total = (Date.now() - started) / 1000;
const width = Math.max(...results.map((result) => result.step.length));
process.stdout.write('\nnpm test, step by step (steps of one stage ran at once):\n');
for (const result of results) process.stdout.write(`  ${result.step.padEnd(width)}  ${result.seconds.toFixed(0).padStart(4)} s  ${result.ok ? 'passed' : 'FAILED'}\n`);
process.stdout.write(`  ${'total'.padEnd(width)}  ${total.toFixed(0).padStart(4)} s${failed ? '  FAILED' : ''}\n`);
process.exit(failed ? 1 : 0);
