import type { Config } from "tailwindcss";

export default {
  content: ["./app/**/*.{ts,tsx}"],
  theme: {
    extend: {
      colors: {
        brand: { DEFAULT: "#1f2937", accent: "#f59e0b" },
      },
    },
  },
  plugins: [],
} satisfies Config;
