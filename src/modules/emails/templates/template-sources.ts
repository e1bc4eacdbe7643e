/** The three parts of a mail's template: subject and text are Handlebars, html is MJML with it. */
export interface TemplateSources {
  subject: string;
  html: string;
  text: string;
}

export const TEMPLATE_PARTS = ['subject', 'html', 'text'] as const;
export type TemplatePart = (typeof TEMPLATE_PARTS)[number];
