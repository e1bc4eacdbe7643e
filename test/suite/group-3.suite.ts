import { registerGroup } from './groups.js';

await registerGroup(3);
