import 'reflect-metadata';
import { startProcess } from './bootstrap.js';

await startProcess({ PROCESS_ROLE: 'worker' });
