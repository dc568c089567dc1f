// To the account's owner when its password changes (profile or reset), so a
// change they did not make does not go unnoticed. Never the password itself.
import dayjs from "dayjs";
import utc from "dayjs/plugin/utc.js";
import { publicOriginFor } from "~/http/http.server";
import { renderEmail } from "./layout.server";

dayjs.extend(utc);

/** `origin`: where the change was made from (the link back goes there unless APP_URL is set). */
export type PasswordChange = { how: "profile" | "reset"; at: Date; ip: string | null; origin: string | null };

export function passwordChangedEmail(user: { name: string }, change: PasswordChange) {
  const when = `${dayjs(change.at).utc().format("D MMMM YYYY, HH:mm")} UTC`;
  return renderEmail({
    subject: "Your password was changed",
    preheader: `The password of your account was changed on ${when}.`,
    heading: "Your password was changed",
    paragraphs: [
      `Hello ${user.name}, the password of your account was changed ${change.how === "reset" ? "with your security answer" : "from your profile"}. Other signed-in devices were signed out.`,
      "If this was you, there is nothing to do. If it was not, reset your password now with your security answer and contact us.",
    ],
    details: [
      ["When", when],
      ["From address", change.ip ?? "unknown"],
    ],
    action: { label: "Reset your password", url: `${publicOriginFor(change.origin)}/forgot-password` },
  });
}
