#!/usr/bin/env node
// The `collie` command: runs the bridge's CLI as compiled at build time (dist/node/collie.mjs).
import { launch } from '../agent/package/launch.mjs';

await launch('collie');
