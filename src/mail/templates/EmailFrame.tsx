import type { CSSProperties, ReactElement, ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";

// The shared e-mail frame. Styles are inline only: mail clients drop <style> and CSS files. React
// escapes every text and attribute value, so templates pass user data as plain strings.

export const MUTED = "#475569";
export const LINK = "#0f766e";

/** The teal call-to-action link (dashboard, password reset). */
export const buttonStyle: CSSProperties = {
  display: "inline-block",
  background: LINK,
  color: "#fff",
  padding: "10px 16px",
  borderRadius: "6px",
  textDecoration: "none",
};

export function EmailFrame({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width" />
        <title>{title}</title>
      </head>
      <body style={{ margin: "0", background: "#f8fafc", fontFamily: "-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif", color: "#0f172a" }}>
        <div style={{ maxWidth: "560px", margin: "0 auto", padding: "24px" }}>
          <h1 style={{ fontSize: "20px", color: "#115e59", margin: "0 0 16px" }}>{title}</h1>
          {children}
          <p style={{ fontSize: "12px", color: MUTED, marginTop: "32px" }}>{footer}</p>
        </div>
      </body>
    </html>
  );
}

/**
 * A whole e-mail document. renderToStaticMarkup (synchronous, also in workerd) adds no hydration
 * markers; React leaves out the doctype, so it is written here.
 */
export const renderEmail = (email: ReactElement): string => `<!DOCTYPE html>${renderToStaticMarkup(email)}`;
