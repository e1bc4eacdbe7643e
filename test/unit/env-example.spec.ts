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

/** The variables of .env.example, set (`NAME=value`) or commented (`# NAME=value`). */
function envExample(): { name: string; value: string; commented: boolean }[] {
  return [...read('.env.example').matchAll(/^(# ?)?([A-Z][A-Z0-9_]*)=(\S*)/gm)].map(
    ([, comment, name, value]) => ({ name, value, commented: comment !== undefined }),
  );
}

describe('.env.example', () => {
  const table = configurationTable();
  const example = envExample();

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
});
