import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { StoreError } from '../../../common/errors/store-error.js';
import { compileFill, type Fill, parseTemplate, renderMjml } from './template-compiler.js';
import { problemsOf, type TemplateProblem } from './template-paths.js';
import { TEMPLATE_PARTS, type TemplatePart, type TemplateSources } from './template-sources.js';
import type { ObjectShape } from './value-shapes.js';

/** A mail's three parts compiled: a mail costs three fills, not an MJML render. */
export type CompiledTemplates = Record<TemplatePart, Fill>;

/** Template versions kept compiled: every default and the overrides stores use at the time. */
const CACHED_VERSIONS = 1_000;

/**
 * Checks and compiles template versions. Each version (its three sources) goes through MJML
 * once per process; what is kept is Handlebars compiled over MJML's HTML.
 */
@Injectable()
export class CompiledTemplateCache {
  private readonly compiled = new Map<string, Promise<CompiledTemplates>>();
  /** Version keys of sources seen before (the defaults come back as the same object each time). */
  private readonly keys = new WeakMap<TemplateSources, string>();

  /** The fills of `sources`, compiled on first use. */
  get(sources: TemplateSources): Promise<CompiledTemplates> {
    let key = this.keys.get(sources);
    if (key === undefined) this.keys.set(sources, (key = versionKey(sources)));
    let found = this.compiled.get(key);
    if (found) return found;
    found = compile(sources);
    found.catch(() => this.compiled.delete(key));
    if (this.compiled.size >= CACHED_VERSIONS) {
      this.compiled.delete(this.compiled.keys().next().value!);
    }
    this.compiled.set(key, found);
    return found;
  }

  /**
   * Refuses (422 `validation_error`, each problem under its part as "line N: …") templates that
   * do not parse, that MJML refuses, or that name what `values` does not have.
   */
  async check(sources: TemplateSources, values: ObjectShape): Promise<void> {
    const details: Partial<Record<TemplatePart, string[]>> = {};
    for (const part of TEMPLATE_PARTS) {
      const problems = await problemsOfPart(part, sources[part], values);
      if (problems.length > 0) {
        details[part] = problems.map(({ line, message }) => `line ${line}: ${message}`);
      }
    }
    if (Object.keys(details).length > 0) {
      throw new StoreError('validation_error', 'The template cannot be used', details);
    }
  }
}

async function problemsOfPart(
  part: TemplatePart,
  source: string,
  values: ObjectShape,
): Promise<TemplateProblem[]> {
  const parsed = parseTemplate(source);
  if ('problem' in parsed) return [parsed.problem];
  const problems = problemsOf(parsed.program, values, part !== 'html');
  if (part !== 'html') return problems;
  const mjml = await renderMjml(source);
  const compiledHtml = mjml.problems.length === 0 ? parseTemplate(mjml.html) : null;
  const broken =
    compiledHtml && 'problem' in compiledHtml
      ? [{ line: 1, message: 'Handlebars blocks must wrap whole MJML elements (use <mj-raw>)' }]
      : [];
  return [...problems, ...mjml.problems, ...broken].sort((a, b) => a.line - b.line);
}

async function compile(sources: TemplateSources): Promise<CompiledTemplates> {
  const { html } = await renderMjml(sources.html);
  return {
    subject: compileFill(sources.subject, false),
    html: compileFill(html, true),
    text: compileFill(sources.text, false),
  };
}

function versionKey(sources: TemplateSources): string {
  return createHash('sha256').update(JSON.stringify(sources)).digest('base64url');
}
