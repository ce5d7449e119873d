import { describe, expect, it } from "vitest";
import { call, signUp, uniqueName } from "./helpers";

const valid = () => {
  const username = uniqueName();
  return {
    username,
    password: "long enough",
    email: `${username}@example.com`,
    fullName: "Ada",
    emailConsent: true,
    healthDataConsent: true,
  };
};

describe("accounts: errors", () => {
  it.each([
    [{ username: "" }, "Username is required"],
    [{ username: undefined }, "Username is required"],
    [{ password: "" }, "Password must be at least 8 characters"],
    [{ password: "short" }, "Password must be at least 8 characters"],
    [{ email: "not-an-email" }, "Invalid email address"],
    [{ fullName: " " }, "Full name is required"],
    [{ emailConsent: "yes" }, "emailConsent must be true or false"],
  ])("register %j → 400 %s", async (change, message) => {
    const res = await call("POST", "/api/register", { body: { ...valid(), ...change } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message });
  });

  it("a taken username is 409 with a readable message", async () => {
    const { user } = await signUp();
    const res = await call("POST", "/api/register", { body: { ...valid(), username: user.username } });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ message: "Username already exists" });
  });

  it.each([
    [{ password: "x" }, "Username is required"],
    [{ username: "someone" }, "Password is required"],
  ])("login %j → 400 %s", async (body, message) => {
    const res = await call("POST", "/api/login", { body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message });
  });

  it("wrong password and unknown user get the same status and message", async () => {
    const { user } = await signUp();
    const wrong = await call("POST", "/api/login", { body: { username: user.username, password: "wrong password" } });
    const unknown = await call("POST", "/api/login", { body: { username: uniqueName(), password: "whatever1" } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toMatchObject({ message: "Invalid username or password" });
  });

  it.each([
    ["malformed JSON", "{", "Malformed JSON in request body"],
    ["an array", "[]", "The request body must be a JSON object."],
    ["null", "null", "The request body must be a JSON object."],
  ])("%s is 400 with a readable message", async (_, rawBody, message) => {
    const res = await call("POST", "/api/login", { rawBody });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message });
  });
});
