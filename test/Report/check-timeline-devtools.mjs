// check-timeline-devtools.mjs - timeline.json in Chrome DevTools' trace engine
//
// Part of the SnR project.
//
// Loads a timeline.json with the trace engine of Chrome DevTools' Performance
// panel (the npm package @paulirish/trace_engine) and checks that every flow
// ("s"/"f") binds, from a dma.issue slice to a dma.wait slice. Not run by lit
// (it needs the package); by hand:
//   npm install @paulirish/trace_engine   # in a scratch directory
//   NODE_PATH=... node test/Report/check-timeline-devtools.mjs timeline.json
// or copy this file next to that node_modules. Exits 1 on a problem.

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
process.exit(flows.length === starts && issueToWait === starts ? 0 : 1);
