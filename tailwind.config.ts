import type { Config } from "tailwindcss";
import plugin from "tailwindcss/plugin";

export default {
  content: ["./app/**/*.{ts,tsx}"],
  theme: {
    extend: {
      colors: {
        brand: { DEFAULT: "#1f2937", accent: "#f59e0b" },
      },
      // The toast's own timer when no script runs (see Toaster): fade, then out of the way.
      keyframes: { "toast-out": { to: { opacity: "0", visibility: "hidden" } } },
      animation: {
        "toast-out-2s": "toast-out 0.3s ease-in 2s forwards",
        "toast-out-4s": "toast-out 0.3s ease-in 4s forwards",
      },
    },
  },
  plugins: [
    // `noscript:` styles apply when the browser runs no script (CSS media level 5,
    // Chromium 120+, Firefox 113+, Safari 17+), from the first paint: no shift at hydration.
    plugin(({ addVariant }) => addVariant("noscript", "@media (scripting: none)")),
  ],
} satisfies Config;
