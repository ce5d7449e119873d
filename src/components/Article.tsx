import type { ReactNode } from "react";
import * as m from "../generated/i18n";

// A page of reading (privacy, terms, support): the product's name back to the start, one heading,
// sections of plain paragraphs and lists at a comfortable line length.

export function Article({ heading, intro, children }: { heading: string; intro: string; children: ReactNode }) {
  return (
    <main id="main" tabIndex={-1} className="mx-auto w-full max-w-2xl px-4 py-8 outline-none sm:py-12">
      <a href="/" className="text-lg font-bold text-teal-800 hover:underline">
        {m.app_name()}
      </a>
      <h1 className="mt-4 text-2xl font-bold text-slate-900 sm:text-3xl">{heading}</h1>
      <p className="mt-3 text-slate-700">{intro}</p>
      {children}
    </main>
  );
}

export function ArticleSection({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="text-xl font-semibold text-slate-900">
        {heading}
      </h2>
      <div className="mt-3 space-y-3 leading-relaxed text-slate-800">{children}</div>
    </section>
  );
}

export function Bullets({ items }: { items: ReactNode[] }) {
  return (
    <ul className="list-disc space-y-2 ps-5">
      {items.map((item, i) => (
        <li key={i}>{item}</li>
      ))}
    </ul>
  );
}

/** A link inside running text. */
export function TextLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} className="text-teal-800 underline">
      {children}
    </a>
  );
}
