// `npm run create-admin`: the shop's first admin, made by its owner (the seed
// never makes an account with a known password in production). Creates the
// account, or makes an existing one an admin (its password unchanged).
//   ADMIN_EMAIL, ADMIN_PASSWORD, ADMIN_NAME: read from the environment when
//   set; otherwise asked for on the terminal (the password without echo).
// Runs against DATABASE_URL, or the embedded server as `npm start` does.
import readline from "node:readline/promises";
import { ensureDatabase, prepareDatabase } from "./db.js";

/** A line typed on the terminal (the setting `variable` gives it instead); with `hidden`, nothing typed is shown. */
async function ask(question: string, variable: string, { hidden = false } = {}): Promise<string> {
  if (!process.stdin.isTTY) throw new Error(`${question.replace(/:\s*$/, "")} is needed: set ${variable} (no terminal to ask on)`);
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  if (hidden) {
    // readline echoes through _writeToOutput; after the question, show nothing.
    const writer = rl as unknown as { _writeToOutput: (text: string) => void; output: NodeJS.WritableStream };
    let asked = false;
    writer._writeToOutput = (text) => {
      if (!asked) writer.output.write(text);
    };
    const answer = rl.question(question);
    asked = true;
    const value = await answer;
    process.stdout.write("\n");
    rl.close();
    return value;
  }
  const value = await rl.question(question);
  rl.close();
  return value;
}

async function main() {
  const database = await ensureDatabase();
  process.env.DATABASE_URL = database.url;
  await prepareDatabase(database.url);
  // Imported after DATABASE_URL is known: the app's client reads it on import.
  const { adminAccountSchema } = await import("../app/domain/accounts/user.schema");
  const { createAdmin, promoteToAdmin } = await import("../app/domain/accounts/user-admin.server");
  const { db } = await import("../app/utils/db.server");
  try {
    const email = adminAccountSchema.shape.email.safeParse(process.env.ADMIN_EMAIL ?? (await ask("Admin e-mail: ", "ADMIN_EMAIL")));
    if (!email.success) throw new Error(email.error.issues[0].message);
    const promoted = await promoteToAdmin(email.data);
    if (promoted) {
      console.log(promoted === "promoted" ? `${email.data} is now an admin.` : `${email.data} was already an admin.`);
      if (process.env.ADMIN_PASSWORD !== undefined) console.log("Its password was left as it was.");
      return;
    }
    const name = process.env.ADMIN_NAME ?? (process.env.ADMIN_EMAIL ? "Shop admin" : (await ask("Name: ", "ADMIN_NAME")) || "Shop admin");
    let password = process.env.ADMIN_PASSWORD;
    if (password === undefined) {
      password = await ask("Password: ", "ADMIN_PASSWORD", { hidden: true });
      if ((await ask("Password again: ", "ADMIN_PASSWORD", { hidden: true })) !== password) throw new Error("The two passwords differ");
    }
    const input = adminAccountSchema.safeParse({ email: email.data, name, password });
    if (!input.success) throw new Error(input.error.issues[0].message);
    const created = await createAdmin(input.data);
    if (!created.ok) throw new Error(created.message);
    console.log(`Admin ${input.data.email} created.`);
  } finally {
    await db.$disconnect();
    await database.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`create-admin: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
