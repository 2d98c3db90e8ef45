#!/usr/bin/env node
// Runs an ACP agent as a durable agent under Node, as compiled at build time (dist/node/acp-agent.mjs).
import { launch } from '../package/launch.cjs';

await launch('acp-agent');
