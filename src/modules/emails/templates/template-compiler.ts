import Handlebars from 'handlebars';
import mjml2html from 'mjml';
import type { TemplateProblem } from './template-paths.js';

/** A template part ready to fill: values in, text out. */
export type Fill = (values: Record<string, unknown>) => string;

/** The only helpers templates may use (see `problemsOf`); no other helper exists for them. */
const KNOWN_HELPERS = { if: true, unless: true, each: true, with: true };

const handlebars = Handlebars.create();

/** Compiles Handlebars `source`; `escape` makes `{{value}}` HTML-escaped (html parts). */
export function compileFill(source: string, escape: boolean): Fill {
  const template = handlebars.compile(source, {
    knownHelpers: KNOWN_HELPERS,
    knownHelpersOnly: true,
    noEscape: !escape,
    preventIndent: true,
  });
  return (values) => template(values);
}

/** The parsed template, or the line and message of why it does not parse. */
export function parseTemplate(
  source: string,
): { program: hbs.AST.Program } | { problem: TemplateProblem } {
  try {
    return { program: handlebars.parse(source) };
  } catch (error) {
    return { problem: parseProblem(error) };
  }
}

function parseProblem(error: unknown): TemplateProblem {
  const { message, lineNumber } = error as { message?: string; lineNumber?: number };
  const text = String(message ?? error);
  const line = lineNumber ?? Number(/on line (\d+)/.exec(text)?.[1] ?? 1);
  return { line, message: text.split('\n')[0].replace(/ - \d+:\d+$/, '') };
}

/**
 * The HTML of MJML `source`, its Handlebars expressions left in place for the fill, with the
 * problems MJML found. An attribute holding an expression (`color="{{brand.accent_color}}"`) is
 * no problem: its value is only known when the mail is filled.
 */
export async function renderMjml(
  source: string,
): Promise<{ html: string; problems: TemplateProblem[] }> {
  try {
    const { html, errors } = await mjml2html(source, {
      validationLevel: 'soft',
      ignoreIncludes: true,
      keepComments: false,
    });
    const problems = errors
      .filter((error) => !/has invalid value: .*\{\{/.test(error.message))
      .map((error) => ({ line: error.line, message: error.message.trim() }));
    return { html, problems };
  } catch (error) {
    return {
      html: '',
      problems: [{ line: 1, message: String((error as Error).message ?? error) }],
    };
  }
}
