// The local inbox for laptops: MailDev (a real SMTP server with a web inbox)
// run as a child process when no SMTP_URL is set, the way the Stripe stand-in
// is. A child, not in-process: MailDev hooks SIGTERM/SIGINT to exit at once,
// which would cut short the server's own draining. Its mail stays in memory.
import { spawn } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { freePort, root } from "./db.js";

/** True when something on 127.0.0.1 already listens on `port`. */
function portTaken(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: "127.0.0.1" });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

async function waitForPort(port, child, deadlineMs = 15_000) {
  const until = Date.now() + deadlineMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the local mail catcher (MailDev) exited with code ${child.exitCode}`);
    if (await portTaken(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the local mail catcher (MailDev) did not listen on port ${port} within ${deadlineMs / 1000} s`);
}

/**
 * Starts MailDev on 127.0.0.1: SMTP on a free port, the web inbox on
 * `webPort` (1080 by default, or a free port when that one is taken, e.g. by
 * a second shop). Resolves with the SMTP URL to use and the inbox's address.
 */
export async function startMailCatcher({ webPort = 1080, host = "127.0.0.1" } = {}) {
  const smtpPort = await freePort();
  const inboxPort = (await portTaken(webPort)) ? await freePort() : webPort;
  const child = spawn(
    process.execPath,
    [path.join(root, "scripts/mail-catcher-child.cjs"), "--smtp", String(smtpPort), "--web", String(inboxPort), "--ip", host, "--silent"],
    { stdio: ["ignore", "ignore", "pipe", "ipc"], env: { ...process.env, NODE_ENV: "production" } },
  );
  // The channel is only there to end with us: it must not keep this process alive.
  child.channel?.unref();
  let errors = "";
  child.stderr.on("data", (chunk) => (errors = (errors + chunk).slice(-2000)));
  try {
    await Promise.all([waitForPort(smtpPort, child), waitForPort(inboxPort, child)]);
  } catch (error) {
    child.kill("SIGKILL");
    throw new Error(`${error.message}${errors ? `: ${errors.trim()}` : ""}`, { cause: error });
  }
  return {
    smtpUrl: `smtp://${host}:${smtpPort}`,
    inboxUrl: `http://localhost:${inboxPort}`,
    inboxPort,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 3_000).unref();
      }),
  };
}
