import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MAIL_KINDS } from './mail-catalogue.js';
import { TEMPLATE_PARTS, type TemplateSources } from './template-sources.js';

/**
 * Where the default templates are: beside this file (the compiled tree, or `src/` under the
 * tests), or under `modules/…` beside a bundle's single file.
 */
function defaultsDirectory(): string {
  const candidates = ['./defaults/', './modules/emails/templates/defaults/'].map((path) =>
    fileURLToPath(new URL(path, import.meta.url)),
  );
  const found = candidates.find((path) => existsSync(`${path}layout.mjml`));
  if (!found) throw new Error(`The default e-mail templates are missing (${candidates[0]})`);
  return found;
}

/** The marker in `layout.mjml` where each mail's own MJML goes. */
const BODY_MARKER = '<!-- mail body -->';

function loadDefaults(): ReadonlyMap<string, TemplateSources> {
  const directory = defaultsDirectory();
  const read = (path: string) => readFileSync(`${directory}${path}`, 'utf8');
  const layout = read('layout.mjml');
  return new Map(
    MAIL_KINDS.map(({ name }) => [
      name,
      Object.freeze({
        subject: read(`${name}/subject.hbs`).trim(),
        html: layout.replace(BODY_MARKER, read(`${name}/html.mjml`).trim()),
        text: read(`${name}/text.hbs`),
      }),
    ]),
  );
}

let defaults: ReadonlyMap<string, TemplateSources> | undefined;

/** The templates shipped with the service for `mail` (read once per process). */
export function defaultTemplates(mail: string): TemplateSources {
  defaults ??= loadDefaults();
  const found = defaults.get(mail);
  if (!found) throw new Error(`No default templates for mail "${mail}"`);
  return found;
}

/** Parts of a mail's templates a store overrides (null or absent: the default's). */
export type TemplateOverride = { [part in keyof TemplateSources]?: string | null };

/** The templates a store sends `mail` with: the parts it overrides, the defaults for the others. */
export function templatesWith(mail: string, override: TemplateOverride | null): TemplateSources {
  const defaults = defaultTemplates(mail);
  const overridden = TEMPLATE_PARTS.filter((part) => typeof override?.[part] === 'string');
  // The defaults themselves when nothing is overridden: their compiled fills are found by identity.
  if (overridden.length === 0) return defaults;
  const sources = { ...defaults };
  for (const part of overridden) sources[part] = override![part]!;
  return sources;
}
