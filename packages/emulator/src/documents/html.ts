/** Text made safe for HTML content and attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Inline `code` spans of catalogue text rendered as <code>, everything else escaped. */
export function inlineHtml(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}

/** An HTML table; cells are already HTML. */
export function htmlTable(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const head = header.map((cell) => `<th>${escapeHtml(cell)}</th>`).join('');
  const body = rows.map((row) => `<tr>${row.map((cell) => `<td>${cell}</td>`).join('')}</tr>`).join('\n');
  return `<table>\n<thead><tr>${head}</tr></thead>\n<tbody>\n${body}\n</tbody>\n</table>`;
}

/** A complete, self-contained HTML page; `body` is already HTML. */
export function htmlPage(input: { title: string; body: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(input.title)}</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 72rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.5; }
table { border-collapse: collapse; margin: 0.5rem 0 1rem; }
th, td { border: 1px solid #ccc; padding: 0.25rem 0.5rem; text-align: left; vertical-align: top; }
code { background: #f4f4f4; padding: 0 0.2rem; }
section { border-top: 1px solid #eee; margin-top: 1.5rem; }
</style>
</head>
<body>
<h1>${escapeHtml(input.title)}</h1>
${input.body}
</body>
</html>
`;
}
