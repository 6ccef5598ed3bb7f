import type { ReactNode } from "react";
import "./globals.css";

export const metadata = {
  title: "page-to-data",
  description: "Any public web page as HTML, Markdown, screenshots and data.",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">{children}</body>
    </html>
  );
}
