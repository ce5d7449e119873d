import { Hono, type Context } from "hono";
import { hashToken } from "../auth/session";
import { AppShell } from "../components/AppShell";
import { acceptInvite, inviteByToken } from "../data/invites";
import type { Role } from "../db/schema";
import type { AppEnv } from "../env";
import * as m from "../generated/i18n";
import { Rich } from "../i18n/Rich";
import { signedIn } from "../http/middleware";
import type { User } from "../shared/user";

// /invites/{token}, the link an invitation e-mails. Signed out, the guard sends the visitor to sign
// in (or up) and back here. Signed in, the page names the person, the sender and the role, read with
// the session in one round trip, and one Accept button: a plain form posting to this same address
// (same-origin only, like every write: rejectCrossSite), so no island is needed. Used, expired,
// withdrawn and unknown links get one page that says none of which.

const inviteReads = signedIn(({ db, token, now }) => ({ invite: inviteByToken(db, token, now) }));

function Card({ user, children }: { user: User; children: React.ReactNode }) {
  return (
    <AppShell user={user}>
      <div className="card mx-auto max-w-xl space-y-4 p-6">{children}</div>
    </AppShell>
  );
}

const DashboardLink = () => (
  <p>
    <a href="/" className="text-teal-800 underline">
      {m.page_invite_dashboard_link()}
    </a>
  </p>
);

function renderGone(c: Context, user: User) {
  c.status(404);
  return c.render(
    <Card user={user}>
      <h1 className="text-2xl font-bold">{m.page_invite_gone_heading()}</h1>
      <p>{m.page_invite_gone_text()}</p>
      <DashboardLink />
    </Card>,
    { title: m.page_invite_title() },
  );
}

/** Whether the account may accept an invitation sent to `email`: its CONFIRMED address, any letter case. */
const mayAccept = (user: User, email: string) => user.emailConfirmed && user.email.toLowerCase() === email.toLowerCase();

interface Shown {
  personName: string;
  role: Role;
  senderName: string | null;
  senderUsername: string;
}

function InviteCard({ user, invite, refused }: { user: User; invite: Shown; refused: boolean }) {
  const sender = invite.senderName?.trim() || invite.senderUsername;
  return (
    <Card user={user}>
      <h1 className="text-2xl font-bold">
        <Rich message={m.page_invite_heading} values={{ person: <bdi>{invite.personName}</bdi> }} />
      </h1>
      <p>
        <Rich
          message={m.page_invite_text}
          values={{ sender: <bdi>{sender}</bdi>, person: <bdi>{invite.personName}</bdi>, role: invite.role }}
        />
      </p>
      <p>{m.invite_role_text({ role: invite.role })}</p>
      {refused ? (
        <p role="alert" className="field-error">
          {m.error_invite_wrong_address()}
        </p>
      ) : (
        <form method="post">
          <button type="submit" className="btn-primary w-full sm:w-auto">
            {m.page_invite_accept()}
          </button>
        </form>
      )}
      <DashboardLink />
    </Card>
  );
}

export const invitePages = new Hono<AppEnv>()
  .get("/invites/:token", inviteReads, (c) => {
    const { user, data } = c.var.signedIn;
    const invite = data.invite[0];
    if (!invite) return renderGone(c, user);
    return c.render(<InviteCard user={user} invite={invite} refused={!mayAccept(user, invite.email)} />, { title: m.page_invite_title() });
  })
  .post("/invites/:token", inviteReads, async (c) => {
    const { user, data } = c.var.signedIn;
    const invite = data.invite[0];
    if (!invite) return renderGone(c, user);
    const outcome = await acceptInvite(c.var.db, await hashToken(c.req.param("token")), user.id, Date.now());
    if (outcome.state === "unusable") return renderGone(c, user);
    if (outcome.state === "wrong_address") {
      c.status(403);
      return c.render(<InviteCard user={user} invite={invite} refused />, { title: m.page_invite_title() });
    }
    return c.render(
      <Card user={user}>
        <h1 className="text-2xl font-bold">
          <Rich message={m.page_invite_joined_heading} values={{ person: <bdi>{outcome.name}</bdi> }} />
        </h1>
        <p>{m.invite_role_text({ role: outcome.role })}</p>
        <DashboardLink />
      </Card>,
      { title: m.page_invite_title() },
    );
  });
