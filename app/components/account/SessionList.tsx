import { Form } from "@remix-run/react";

export type SessionView = {
  id: string;
  client: string;
  current: boolean;
  kind: "browser" | "api" | "unknown";
  ip: string | null;
  createdAt: string;
  lastSeenAt: string;
};

const when = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const formatWhen = (at: string) => `${when.format(new Date(at))} UTC`;

const KIND_LABELS = { browser: "Browser", api: "API", unknown: "Unknown" } as const;

/** The Security page's list of signed-in sessions, each with its own Sign out, and Sign out everywhere else. */
export function SessionList({ sessions }: { sessions: SessionView[] }) {
  return (
    <section aria-labelledby="sessions-heading" className="space-y-4 rounded border border-gray-200 bg-white p-4">
      <h2 id="sessions-heading" className="text-lg font-semibold">
        Where you are signed in
      </h2>
      <ul className="divide-y divide-gray-200">
        {sessions.map((session) => (
          <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
            <div className="min-w-0">
              <p className="font-medium">
                {session.client}{" "}
                {session.current ? <span className="rounded bg-gray-900 px-2 py-0.5 text-xs text-white">this device</span> : null}
              </p>
              <p className="text-gray-600">
                {KIND_LABELS[session.kind]} · {session.ip || "address unknown"} · signed in {formatWhen(session.createdAt)} · last seen{" "}
                {formatWhen(session.lastSeenAt)}
              </p>
            </div>
            {session.current ? null : (
              <Form method="post">
                <input type="hidden" name="session" value={session.id} />
                <button
                  type="submit"
                  name="intent"
                  value="sign-out-session"
                  className="btn-secondary"
                  aria-label={`Sign out ${session.client}, signed in ${formatWhen(session.createdAt)}`}
                >
                  Sign out
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      {sessions.some((session) => !session.current) ? (
        <Form method="post">
          <button type="submit" name="intent" value="sign-out-others" className="btn-secondary">
            Sign out everywhere else
          </button>
        </Form>
      ) : null}
    </section>
  );
}
