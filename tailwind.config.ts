// Tailwind 4 reads its configuration from CSS (app/globals.css); this file names the sources for editors.
const config = { content: ["./app/**/*.{ts,tsx}", "./components/**/*.{ts,tsx}"] };
export default config;
