import { db } from "~/utils/db.server";

// Load balancers and the test runner poll this: 200 when the database answers.
export async function loader() {
  try {
    await db.$queryRaw`SELECT 1`;
    return new Response("ok", { headers: { "Cache-Control": "no-store" } });
  } catch {
    return new Response("database unavailable", { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}
