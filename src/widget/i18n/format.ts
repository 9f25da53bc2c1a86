/** Fills `{name}` placeholders; an unknown placeholder stays visible rather than vanishing. Shared with the page script. */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (Object.hasOwn(values, k) ? String(values[k]) : m));
}
