// The local inbox for laptops: MailDev (a real SMTP server with a web inbox)
// run as a child process when no SMTP_URL is set, the way the Stripe stand-in
// is. A child, not in-process: MailDev hooks SIGTERM/SIGINT to exit at once,
// which would cut short the server's own draining. Its mail stays in memory.
import { spawn } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { freePort, root } from "../server/db-lifecycle.js";

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

/** Resolves when the child says both its servers listen; rejects when it exits first. */
function waitForReady(child, deadlineMs = 15_000) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.off("message", onMessage);
      child.off("exit", onExit);
      reject(new Error(`the local mail catcher (MailDev) did not start within ${deadlineMs / 1000} s`));
    }, deadlineMs);
    const onMessage = (message) => {
      if (message !== "ready") return;
      clearTimeout(timer);
      child.off("exit", onExit);
      child.off("message", onMessage);
      resolve();
    };
    const onExit = (code) => {
      clearTimeout(timer);
      child.off("message", onMessage);
      reject(new Error(`the local mail catcher (MailDev) exited with code ${code}`));
    };
    child.on("message", onMessage);
    child.once("exit", onExit);
  });
}

/**
 * Starts MailDev on 127.0.0.1: SMTP on a free port, the web inbox on
 * `webPort` (1080 by default, or a free port when that one is taken, e.g. by
 * a second shop). Two shops starting at the same moment may both find a port
 * free: the one that loses the race tries again on other free ports.
 */
export async function startMailCatcher({ webPort = 1080, host = "127.0.0.1" } = {}) {
  for (let attempt = 1; ; attempt += 1) {
    const inboxPort = attempt === 1 && !(await portTaken(webPort)) ? webPort : await freePort();
    try {
      return await startMailDev(await freePort(), inboxPort, host);
    } catch (error) {
      if (attempt >= 3 || !String(error.message).includes("EADDRINUSE")) throw error;
    }
  }
}

async function startMailDev(smtpPort, inboxPort, host) {
  const child = spawn(
    process.execPath,
    [path.join(root, "dev/mail-catcher-child.cjs"), "--smtp", String(smtpPort), "--web", String(inboxPort), "--ip", host, "--silent"],
    { stdio: ["ignore", "ignore", "pipe", "ipc"], env: { ...process.env, NODE_ENV: "production" } },
  );
  // The channel is only there to end with us: it must not keep this process alive.
  child.channel?.unref();
  let errors = "";
  child.stderr.on("data", (chunk) => (errors = (errors + chunk).slice(-2000)));
  try {
    await waitForReady(child);
  } catch (error) {
    child.kill("SIGKILL");
    // The exit may come before its last words on stderr.
    await new Promise((resolve) => setTimeout(resolve, 50));
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
