#!/usr/bin/env node
// Runs the built CLI in plain Node (no Electron): out/main/cli.js, built on first use in a checkout.
import { runBuilt } from './run-built.js';

await runBuilt('clarity-hitl', 'cli.js');
