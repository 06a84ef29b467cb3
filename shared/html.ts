/**
 * Text put into HTML or XML that we write by hand (e-mails, the server's own small pages, the
 * sitemap, the rendered page's head): the five characters that could start markup or end an
 * attribute, escaped. The one escaper of the product; React escapes what it renders itself.
 */
const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}
