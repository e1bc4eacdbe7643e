import 'reflect-metadata';
import { startProcess } from './bootstrap.js';

await startProcess();
