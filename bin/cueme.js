#!/usr/bin/env node
// Runs the built `cueme` CLI in plain Node: out/main/cueme.js, built on first use in a checkout.
import { runBuilt } from './run-built.js';

await runBuilt('cueme', 'cueme.js');
