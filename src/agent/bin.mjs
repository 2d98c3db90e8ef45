#!/usr/bin/env node
// Runs a bundled demo agent from its TypeScript source (tsx registers the loader).
import { register } from 'tsx/esm/api';

register();
await import('./run-demo.ts');
