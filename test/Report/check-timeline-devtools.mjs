// check-timeline-devtools.mjs - timeline.json in Chrome DevTools' trace engine
//
// Part of the SnR project.
//
// Loads a timeline.json with the trace engine of Chrome DevTools' Performance
// panel (the npm package @paulirish/trace_engine) and checks that every flow
// ("s"/"f") binds, from a dma.issue slice to a dma.wait slice; prints which
// tracks DevTools shows slices on and which it leaves empty (the DMA link
// tracks: async events of a category not Chrome's own). lit installs the
// package (test/Report/timeline-devtools.test); by hand:
//   npm install @paulirish/trace_engine   # in a scratch directory
// then copy this file next to that node_modules and
//   node check-timeline-devtools.mjs timeline.json
// Exits 1 on a problem.

import fs from 'node:fs';
import {analyzeEvents} from '@paulirish/trace_engine/analyze-trace.mjs';

const events = JSON.parse(fs.readFileSync(process.argv[2], 'utf8')).traceEvents;
const starts = events.filter(e => e.ph === 's').length;
const {parsedTrace} = await analyzeEvents(events);
const flows = (parsedTrace.data ?? parsedTrace).Flows.flows;
const issueToWait = flows.filter(f => f.length === 2 && f[0].name === 'dma.issue' &&
                                      f[1].name === 'dma.wait').length;
console.log(`devtools: ${flows.length} of ${starts} flows bound, ` +
            `${issueToWait} from a dma.issue to a dma.wait`);
// The tracks: which have entries in DevTools, which the trace names but
// DevTools leaves empty.
const names = new Map(events.filter(e => e.ph === 'M' && e.name === 'thread_name')
                            .map(e => [e.tid, e.args.name]));
const shown = new Set();
for (const [, proc] of (parsedTrace.data ?? parsedTrace).Renderer.processes)
  for (const [tid, thread] of proc.threads)
    if ((thread.entries ?? []).length) shown.add(tid);
const tids = [...names.keys()].sort((a, b) => a - b);
console.log(`devtools tracks with slices: ${tids.filter(t => shown.has(t)).map(t => names.get(t)).join(', ')}`);
console.log(`devtools tracks left empty: ${tids.filter(t => !shown.has(t)).map(t => names.get(t)).join(', ')}`);
process.exit(flows.length === starts && issueToWait === starts ? 0 : 1);
