/** What a one-time account form becomes once it is done: a heading, a sentence and the way to sign in. */
export function SignInLinkPanel({ title, text, link }: { title: string; text: string; link: string }) {
  return (
    <div className="space-y-4 text-center" role="status">
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="text-sm text-slate-700">{text}</p>
      <a href="/auth" className="btn-primary w-full">
        {link}
      </a>
    </div>
  );
}
