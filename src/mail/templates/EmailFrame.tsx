import type { CSSProperties, ReactElement, ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { plainName } from "./greeting";
import * as m from "../../generated/i18n";
import { currentLanguage, currentLocale } from "../../i18n/current";
import { directionOf } from "../../i18n/languages";
import { Rich } from "../../i18n/Rich";

// The shared e-mail frame. Styles are inline only: mail clients drop <style> and CSS files. React
// escapes every text and attribute value, so templates pass user data as plain strings. The words
// are the current language's (src/mail/locale.ts: the account's); user-entered text sits in <bdi>.

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

/** The e-mail's writing direction: 'rtl' for Arabic. */
export const emailDirection = () => directionOf(currentLanguage());

/** A list's indent on the side its bullets are (mail clients know no logical properties). */
export const listIndent = (size: string): CSSProperties => (emailDirection() === "rtl" ? { paddingRight: size } : { paddingLeft: size });

export function EmailFrame({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  const dir = emailDirection();
  return (
    <html lang={currentLocale()} dir={dir}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width" />
        <title>{title}</title>
      </head>
      <body
        style={{
          margin: "0",
          background: "#f8fafc",
          fontFamily: "-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif",
          color: "#0f172a",
        }}
      >
        {/* dir again here: webmail clients drop the attributes of <html> and <body>. */}
        <div dir={dir} style={{ maxWidth: "560px", margin: "0 auto", padding: "24px" }}>
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

/** The greeting, with the person's name isolated (it may be written in another script). */
/** The opening line of an HTML e-mail: a plain name in <bdi> (greeting.ts decides), else "Hello,". */
export function Hello({ name }: { name: string | null }) {
  const plain = plainName(name);
  return <p>{plain ? <Rich message={m.mail_hello} values={{ name: <bdi>{plain}</bdi> }} /> : m.mail_hello_anonymous()}</p>;
}

/** Two sentences of one paragraph: Chinese writes them without a space between. */
export const sentences = (...parts: string[]) => parts.join(currentLanguage() === "zh" ? "" : " ");
