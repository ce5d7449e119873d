import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DESKTOP,
  expectAccessible,
  expectNoErrors,
  expectNoHorizontalScroll,
  hydrated,
  launch,
  MOBILE,
  newPage,
  registerViaApi,
  uniqueName,
} from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe.each([
  ["desktop", DESKTOP],
  ["mobile", MOBILE],
])("accounts in the browser (%s)", (_, viewport) => {
  it("creates an account, lands on the dashboard with a toast, logs out and signs back in", async () => {
    const page = await newPage(browser, viewport);
    await page.goto("/auth");
    await hydrated(page);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);

    await page.getByRole("tab", { name: "Create Account" }).click();
    const username = uniqueName();
    await page.getByLabel("Username").fill(username);
    await page.getByLabel("Email", { exact: true }).fill(`${username}@example.com`);
    await page.getByLabel("Full Name").fill("Grace Hopper");
    await page.getByLabel("Password", { exact: true }).fill("short");
    await page.getByLabel("Confirm Password").fill("different");
    await expect.poll(() => page.getByRole("checkbox", { name: /receive email notifications/ }).isChecked()).toBe(true);
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect.poll(() => page.getByText("Passwords don't match").count()).toBe(1);
    await page.getByLabel("Password", { exact: true }).fill("a long password");
    await page.getByLabel("Confirm Password").fill("a long password");
    await page.getByRole("checkbox", { name: /stores my health data/ }).check();
    await page.getByRole("button", { name: "Create Account" }).click();

    await page.waitForURL((url) => url.pathname === "/");
    await hydrated(page);
    await expect.poll(() => page.getByText("Your account has been created successfully!").count()).toBe(1);
    await expect.poll(() => page.getByRole("button", { name: "Grace Hopper" }).count()).toBe(1);

    await page.getByRole("button", { name: "Grace Hopper" }).click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await page.waitForURL((url) => url.pathname === "/auth");
    await expect.poll(() => page.getByText("You have been logged out successfully").count()).toBe(1);

    await hydrated(page);
    await page.getByLabel("Username").fill(username);
    await page.getByLabel("Password", { exact: true }).fill("wrong password");
    await page.getByRole("button", { name: "Sign In" }).click();
    // In the toast, and in the form's own alert.
    await expect.poll(() => page.locator("[data-sonner-toast]").getByText("Invalid username or password", { exact: true }).count()).toBe(1);
    expect(await page.locator("form").getByRole("alert").textContent()).toBe("Invalid username or password");
    await page.getByLabel("Password", { exact: true }).fill("a long password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect.poll(() => page.getByText(`Logged in as \u2068${username}\u2069`).count()).toBe(1);
    expectNoErrors(page);
    await page.context().close();
  });
});

describe("guards and the 404 screen", () => {
  it("sends visitors to /auth and signed-in users away from it", async () => {
    const page = await newPage(browser);
    await page.goto("/");
    expect(new URL(page.url()).pathname).toBe("/auth");
    await registerViaApi(page);
    await page.goto("/auth");
    expect(new URL(page.url()).pathname).toBe("/");
    await page.context().close();
  });

  it("shows the not-found screen with status 404", async () => {
    const page = await newPage(browser);
    const res = await page.goto("/no/such/page");
    expect(res?.status()).toBe(404);
    await expect.poll(() => page.getByRole("heading", { name: "404 Page Not Found" }).count()).toBe(1);
    await expect.poll(() => page.getByText("Did you forget to add the page to the router?").count()).toBe(1);
    await expectAccessible(page);
    await page.context().close();
  });
});

describe("password reset", () => {
  it("e-mails a link that resets the password once", async () => {
    const page = await newPage(browser);
    const account = await registerViaApi(page);
    await page.context().clearCookies();
    await page.goto("/forgot-password");
    await hydrated(page);
    await expectAccessible(page);
    await page.getByLabel("Email").fill("nope");
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect.poll(() => page.getByText("Please enter a valid email address").count()).toBe(1);
    await page.getByLabel("Email").fill(`${account.username}@example.com`);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect.poll(() => page.getByText("Reset email sent!").count()).toBe(1);

    let link = "";
    await expect
      .poll(async () => {
        const mails = (await (await page.request.get("/dev/emails")).json()) as Array<{ to: string; text: string }>;
        link =
          /http\S+reset-password\?token=\S+/.exec(
            mails.find((m) => m.to === `${account.username}@example.com` && m.text.includes("reset-password"))?.text ?? "",
          )?.[0] ?? "";
        return link;
      })
      .not.toBe("");
    await page.goto(new URL(link).pathname + new URL(link).search);
    await hydrated(page);
    await page.getByLabel("New Password", { exact: true }).fill("brand new password");
    await page.getByLabel("Confirm New Password").fill("brand new password");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect.poll(() => page.getByText("Password Reset Complete").count()).toBe(1);

    // The same link a second time: the server's message inline.
    await page.goto(new URL(link).pathname + new URL(link).search);
    await hydrated(page);
    await page.getByLabel("New Password", { exact: true }).fill("another password");
    await page.getByLabel("Confirm New Password").fill("another password");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect.poll(() => page.getByRole("alert").filter({ hasText: "invalid or has expired" }).count()).toBe(1);

    await page.goto("/reset-password");
    await expect.poll(() => page.getByText("Missing reset token. Please use the link from your email.").count()).toBe(1);
    expectNoErrors(page);
    await page.context().close();
  });
});
