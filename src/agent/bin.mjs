#!/usr/bin/env node
// Runs a bundled demo agent as compiled at build time (dist/node/demo-agent.mjs).
import { launch } from './package/launch.mjs';

await launch('demo-agent');
