const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Plain description text as safe HTML: everything escaped, blank lines separating paragraphs,
 * single line breaks kept as `<br>`.
 */
export function descriptionHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map(
      (paragraph) =>
        `<p>${paragraph.replace(/[&<>"']/g, (character) => ESCAPES[character]).replace(/\n/g, '<br>')}</p>`,
    )
    .join('');
}
