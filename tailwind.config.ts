import type { Config } from "tailwindcss";

// Loaded from src/styles/app.css with `@config`; Tailwind 4 scans the sources below.
export default {
  content: ["./src/**/*.{ts,tsx}", "./islands/**/*.{ts,tsx}"],
  theme: {
    extend: {
      colors: {
        brand: { DEFAULT: "#0f766e", dark: "#115e59", light: "#ccfbf1" },
      },
    },
  },
} satisfies Config;
