import { LRUCache } from 'lru-cache';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

// Every product read renders its description: keep the recent ones rendered.
const rendered = new LRUCache<string, string>({
  max: 5_000,
  maxSize: 5_000_000,
  sizeCalculation: (html) => html.length + 1,
});

/**
 * Plain description text as safe HTML: everything escaped, blank lines separating paragraphs,
 * single line breaks kept as `<br>`.
 */
export function descriptionHtml(text: string): string {
  let html = rendered.get(text);
  if (html === undefined) {
    html = text
      .replace(/\r\n?/g, '\n')
      .split(/\n\s*\n/)
      .map((paragraph) => paragraph.trim())
      .filter(Boolean)
      .map(
        (paragraph) =>
          `<p>${paragraph.replace(/[&<>"']/g, (character) => ESCAPES[character]).replace(/\n/g, '<br>')}</p>`,
      )
      .join('');
    rendered.set(text, html);
  }
  return html;
}
