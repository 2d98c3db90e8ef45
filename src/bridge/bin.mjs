#!/usr/bin/env node
// The `collie` command: runs the bridge from its TypeScript source (tsx registers the loader).
import { register } from 'tsx/esm/api';

register();
await import('./cli/cli.ts');
