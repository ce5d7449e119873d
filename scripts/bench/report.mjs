// Collects `name: value` figures and goal checks, prints them, and writes bench-results/latest.json.
// A missed goal is reported, not turned into a non-zero exit (the bench measures, it does not test),
// except a budget: the dashboard's JavaScript over its budget fails the run.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export class Report {
  figures = {};
  checks = [];
  notes = [];
  details = {};

  /** One measured figure; printed at once so a long run shows progress. */
  figure(name, value) {
    this.figures[name] = value;
    console.log(`${name}: ${value}`);
  }

  /**
   * A goal: `op` is "<=", ">=" or "==". A null value (not measured) is reported as PENDING. A
   * `budget` (the dashboard's JavaScript) is a line the product must not cross: missing it makes
   * the bench exit non-zero.
   */
  check(name, value, op, goal, why = "", { budget = false } = {}) {
    const status = value === null || value === undefined ? "PENDING" : compare(value, op, goal) ? "PASS" : "FAIL";
    this.checks.push({ name, value: value ?? null, op, goal, status, why, budget });
  }

  /** Budget checks that failed or could not be measured. */
  get budgetsMissed() {
    return this.checks.filter((c) => c.budget && c.status !== "PASS");
  }

  note(text) {
    this.notes.push(text);
    console.log(`note: ${text}`);
  }

  detail(section, value) {
    this.details[section] = value;
  }

  /** A section that threw is recorded and the run goes on with the next one. */
  async section(title, run) {
    const started = Date.now();
    console.log(`\n== ${title}`);
    try {
      await run();
    } catch (err) {
      this.note(`${title} failed: ${err instanceof Error ? err.message.split("\n")[0] : String(err)}`);
    }
    console.log(`(${title}: ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }

  printSummary() {
    console.log("\n== Summary (goal checks; a FAIL is a finding, not an error)");
    for (const c of this.checks) {
      const value = c.value === null ? "not measured" : c.value;
      console.log(`${c.status.padEnd(7)} ${c.name}: ${value} (goal ${c.op} ${c.goal})${c.why ? ` — ${c.why}` : ""}`);
    }
  }

  write(root) {
    const dir = join(root, "bench-results");
    mkdirSync(dir, { recursive: true });
    const out = { at: new Date().toISOString(), figures: this.figures, checks: this.checks, notes: this.notes, details: this.details };
    writeFileSync(join(dir, "latest.json"), JSON.stringify(out, null, 2) + "\n");
    console.log(`\nwrote bench-results/latest.json`);
  }
}

function compare(value, op, goal) {
  if (op === "<=") return value <= goal;
  if (op === ">=") return value >= goal;
  if (op === "==") return value === goal;
  throw new Error(`unknown comparison ${op}`);
}

export const round = (n, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
export const kb = (bytes) => round(bytes / 1024, 1);
