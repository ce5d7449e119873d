// Hrana values and errors as libsql-server encodes them (src/hrana/http): the wire side of
// scripts/libsql-http-server.mjs.
import { createRequire } from "node:module";

// A plain Node require: the libsql binding is native CommonJS (see libsql-http-server.mjs).
const Database = createRequire(import.meta.url)("libsql");

/** A failed stream request: answered as {type: "error"} while the rest of the pipeline goes on. */
export class HranaError extends Error {
  constructor(message, code) {
    super(message);
    this.code = code;
  }
}

/** A malformed request: the whole HTTP request fails with 400 and its stream is closed. */
export class ProtocolError extends Error {}

export function fromHrana(value) {
  switch (value?.type) {
    case "null":
      return null;
    case "integer": {
      if (typeof value.value !== "string" || !/^-?\d+$/.test(value.value))
        throw new ProtocolError(`Bad integer ${JSON.stringify(value.value)}`);
      const int = BigInt(value.value);
      if (int < -(2n ** 63n) || int >= 2n ** 63n) throw new ProtocolError(`Integer out of 64-bit range: ${value.value}`);
      return int;
    }
    case "float":
      if (typeof value.value !== "number") throw new ProtocolError("Bad float");
      return value.value; // a JS number binds as REAL, even 3
    case "text":
      if (typeof value.value !== "string") throw new ProtocolError("Bad text");
      return value.value;
    case "blob":
      return Buffer.from(value.base64 ?? "", "base64");
    default:
      throw new ProtocolError(`Unknown value type ${JSON.stringify(value?.type)}`);
  }
}

export function toHrana(value) {
  if (value === null) return { type: "null" };
  if (typeof value === "bigint") return { type: "integer", value: value.toString() };
  // JSON writes a double's shortest exact form: 2/3 comes back bit for bit.
  if (typeof value === "number") return { type: "float", value };
  if (typeof value === "string") return { type: "text", value };
  return { type: "blob", base64: Buffer.from(value).toString("base64") };
}

/** SQLite errors as sqld words them: "SQLite error: …" and the primary code (SQLITE_CONSTRAINT). */
export function hranaError(error) {
  if (error instanceof HranaError) return { message: error.message, code: error.code };
  if (error instanceof Database.SqliteError)
    return { message: `SQLite error: ${error.message}`, code: error.code.split("_").slice(0, 2).join("_") };
  throw error;
}
