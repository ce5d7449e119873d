/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);
}

/** The shared e-mail frame: inline styles only (mail clients drop <style> and CSS files). */
export function emailFrame(title: string, body: string, footer = ""): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:#f8fafc;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#0f172a">
<div style="max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px;color:#115e59;margin:0 0 16px">${escapeHtml(title)}</h1>
${body}
<p style="font-size:12px;color:#475569;margin-top:32px">${footer}</p>
</div></body></html>`;
}
