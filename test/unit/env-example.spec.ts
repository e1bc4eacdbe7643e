import { readFileSync } from 'node:fs';

const read = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');

/** The README's Configuration table: each variable and its default, when that is one value. */
function configurationTable(): Map<string, string | undefined> {
  const section = read('README.md')
    .split(/^## /m)
    .find((part) => part.startsWith('Configuration'));
  if (!section) throw new Error('README.md has no Configuration section');
  const rows = [...section.matchAll(/^\| `([A-Z][A-Z0-9_]*)` +\|.*\| (.*?) +\|$/gm)];
  return new Map(
    rows.map(([, name, fallback]) => [name, /^`([^`]*)`(?: \([^)]*\))?$/.exec(fallback)?.[1]]),
  );
}

/** The line of .env.example after which come the variables only docker-compose.yml reads. */
const COMPOSE_ONLY = /^# Read by docker-compose\.yml only\b.*$/m;

/**
 * The variables of a part of .env.example, set (`NAME=value`) or commented (`# NAME=value`): the
 * service's (`part` 0) or docker-compose.yml's own (`part` 1).
 */
function envExample(part: 0 | 1): { name: string; value: string; commented: boolean }[] {
  const text = read('.env.example').split(COMPOSE_ONLY)[part] ?? '';
  return [...text.matchAll(/^(# ?)?([A-Z][A-Z0-9_]*)=(\S*)/gm)].map(([, comment, name, value]) => ({
    name,
    value,
    commented: comment !== undefined,
  }));
}

describe('.env.example', () => {
  const table = configurationTable();
  const example = envExample(0);

  it('lists every variable of the README’s Configuration table, once, and nothing else', () => {
    expect(table.size).toBeGreaterThan(20);
    expect(example.map((entry) => entry.name).sort()).toEqual([...table.keys()].sort());
  });

  it('shows the default of each variable it leaves commented, where the table gives one value', () => {
    const shown = example
      .filter((entry) => entry.commented && table.get(entry.name) !== undefined)
      .map((entry) => [entry.name, entry.value]);
    expect(shown).toEqual(shown.map(([name]) => [name, table.get(name)]));
  });

  it('ends with the variables docker-compose.yml interpolates beside the service’s own', () => {
    const compose = read('docker-compose.yml');
    const interpolated = new Set(
      [...compose.matchAll(/\$\{([A-Z][A-Z0-9_]*)/g)].map(([, name]) => name),
    );
    const own = envExample(1).map((entry) => entry.name);
    expect(own).toContain('POSTGRES_PASSWORD');
    expect(own.sort()).toEqual([...interpolated].filter((name) => !table.has(name)).sort());
  });
});
