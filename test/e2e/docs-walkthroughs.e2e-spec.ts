import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildService, type ServiceBuild } from '../helpers/service-build.js';
import { killServiceProcesses } from '../helpers/service-processes.js';
import { REPO_ROOT, runWalkthrough } from '../helpers/walkthroughs/walkthrough-runner.js';

/** The README and every document under docs/, whichever exist when the suite runs. */
const DOCUMENTS = [
  'README.md',
  ...readdirSync(join(REPO_ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`),
];
const DOCUMENT_TIMEOUT_MS = 20 * 60_000;

/**
 * Every shell block of the documentation runs as a reader pastes it (see
 * test/helpers/walkthroughs/): a broken walkthrough fails here. A block that cannot run in a test
 * says why in its fence, ```sh not-run="…".
 */
describe('the documentation’s shell blocks, run in order', () => {
  let build: ServiceBuild;

  beforeAll(async () => {
    build = await buildService();
  }, 10 * 60_000);
  afterAll(() => killServiceProcesses());

  it.each(DOCUMENTS)(
    '%s',
    async (file) => {
      await runWalkthrough(file, build);
    },
    DOCUMENT_TIMEOUT_MS,
  );
});
