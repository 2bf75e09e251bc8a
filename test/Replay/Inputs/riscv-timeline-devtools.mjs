// riscv-timeline-devtools.mjs - a RISC-V timeline.json in DevTools' engine
//
// Part of the SnR project.
//
// Loads a RISC-V run's timeline.json with the trace engine of Chrome
// DevTools' Performance panel (npm @paulirish/trace_engine, which lit
// installs: test/Report/timeline-devtools.test) and prints, per resource
// track the file names, how many slices DevTools shows on it.

import fs from 'node:fs';
import {analyzeEvents} from '@paulirish/trace_engine/analyze-trace.mjs';

const events = JSON.parse(fs.readFileSync(process.argv[2], 'utf8')).traceEvents;
const {parsedTrace} = await analyzeEvents(events);
const names = new Map(events.filter(e => e.ph === 'M' && e.name === 'thread_name')
                            .map(e => [e.tid, e.args.name]));
const slices = new Map();
for (const [, proc] of (parsedTrace.data ?? parsedTrace).Renderer.processes)
  for (const [tid, thread] of proc.threads)
    slices.set(tid, (thread.entries ?? []).length);
for (const tid of [...names.keys()].sort((a, b) => a - b))
  console.log(`${names.get(tid)}: ${slices.get(tid) ?? 0} slices`);
