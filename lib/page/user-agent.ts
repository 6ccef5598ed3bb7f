/**
 * How the service identifies itself. robots.txt rules are matched against the product token
 * (`PageToDataBot`), and the same token is appended to the browser's user agent so a site can tell
 * our page loads apart from a person's and recognise the rules it wrote for us.
 */
export const BOT_USER_AGENT = "PageToDataBot/1.0 (+https://page-to-data.example/bot)";

/**
 * The browser's UA with "HeadlessChrome" spelled as "Chrome" (the headless marker trips bot walls
 * on ordinary pages; the bot token below stays honest about who is asking) and our token appended.
 */
export function browserUserAgent(chromiumUserAgent: string): string {
  return `${chromiumUserAgent.replace("HeadlessChrome/", "Chrome/")} ${BOT_USER_AGENT}`;
}
