import { describe, expect, it } from "vitest";
import { call, sessionCookie, signUp, uniqueName } from "./helpers";

describe("accounts: happy paths", () => {
  it("registers with the spec's defaults and never returns secrets", async () => {
    const username = uniqueName();
    const res = await call("POST", "/api/register", {
      body: {
        username,
        password: "long enough",
        email: `${username}@example.com`,
        fullName: "Ada Lovelace",
        emailConsent: true,
        healthDataConsent: true,
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      username,
      email: `${username}@example.com`,
      fullName: "Ada Lovelace",
      phoneNumber: null,
      birthdate: null,
      notificationDays: 7,
      emailConsent: true,
      timezone: "UTC",
      notificationHour: 9,
      // No zone or language in the body (an API client, not the form): the defaults, chosen by nobody.
      timezoneChosen: false,
      locale: null,
      emailConfirmed: false,
      pendingEmail: null,
      deliveryProblem: null,
      deliveryProblemAddress: null,
      remindersBy: "email",
      pushShowNames: false,
      doseReminders: true,
      doseFollowUpMinutes: 30,
    });
    const cookie = res.headers.get("Set-Cookie")!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
  });

  it("GET /api/user answers the signed-in user, and 401 without a session", async () => {
    const { cookie, user } = await signUp();
    expect((await call("GET", "/api/user", { cookie })).body).toEqual(user);
    const anonymous = await call("GET", "/api/user");
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ message: "You are not signed in." });
  });

  it("logs in with a fresh session each time and logs out on the server", async () => {
    const { user, password, cookie: first } = await signUp();
    const login = await call("POST", "/api/login", { body: { username: user.username, password } });
    expect(login.status).toBe(200);
    expect(login.body.username).toBe(user.username);
    const second = sessionCookie(login);
    expect(second).not.toBe(first);

    expect((await call("POST", "/api/logout", { cookie: second })).status).toBe(200);
    expect((await call("GET", "/api/user", { cookie: second })).status).toBe(401);
    expect((await call("GET", "/api/user", { cookie: first })).status).toBe(200);
  });
});
