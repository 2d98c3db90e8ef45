#!/usr/bin/env node
// Runs Pi as a durable agent under Node, as compiled at build time (dist/node/pi-agent.mjs).
import { launch } from '../package/launch.cjs';

await launch('pi-agent');
