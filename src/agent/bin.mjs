#!/usr/bin/env node
// Runs a bundled demo agent as compiled at build time (dist/node/demo-agent.mjs).
import { launch } from './package/launch.cjs';

await launch('demo-agent');
