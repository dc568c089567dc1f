import dayjs from "dayjs";
// The .js suffix: the ESM server build resolves this subpath literally (no "exports" map in dayjs).
import relativeTime from "dayjs/plugin/relativeTime.js";

dayjs.extend(relativeTime);

/** "3 days ago", with the exact moment (UTC) on hover and in the markup for machines. */
export function RelativeTime({ at }: { at: string }) {
  return (
    // The words depend on the clock, which moves between the server's render and the browser's.
    <time dateTime={at} title={new Date(at).toUTCString()} suppressHydrationWarning>
      {dayjs(at).fromNow()}
    </time>
  );
}
