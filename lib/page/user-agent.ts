/**
 * How the service identifies itself. robots.txt rules are matched against the product token
 * (`PageToDataBot`), and the same token is appended to the browser's user agent so a site can tell
 * our page loads apart from a person's and recognise the rules it wrote for us.
 */
export const BOT_USER_AGENT = "PageToDataBot/1.0 (+https://page-to-data.example/bot)";

/**
 * The UA our pages load with: Chrome's own, for the launched version, with our token appended.
 * Headless Chromium calls itself "HeadlessChrome", which trips bot walls on ordinary pages; the
 * appended token stays honest about who is asking.
 */
export function browserUserAgent(chromiumVersion: string): string {
  const major = chromiumVersion.split(".")[0] ?? "0";
  return `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.0.0 Safari/537.36 ${BOT_USER_AGENT}`;
}
