#!/usr/bin/env node
// Runs Pi as a durable agent from the entry point's TypeScript source (tsx registers the loader).
import { register } from 'tsx/esm/api';

register();
await import('./run-pi.ts');
