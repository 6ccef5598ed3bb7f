import type { ReactNode } from "react";
import { connection } from "next/server";
import "./globals.css";

export const metadata = {
  title: "page-to-data",
  description: "Any public web page as HTML, Markdown, screenshots and data.",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page is rendered per request: Next.js stamps proxy.ts's fresh CSP nonce on its scripts
  // only while rendering, so a page prerendered at build time would have its scripts refused.
  await connection();
  return (
    <html lang="en">
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">{children}</body>
    </html>
  );
}
