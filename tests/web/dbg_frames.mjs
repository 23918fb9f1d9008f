import { readFileSync } from 'node:fs';
import { parseTrace, replay } from './diff.mjs';
