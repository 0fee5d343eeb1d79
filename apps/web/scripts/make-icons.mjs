/**
 * Draws the installable app's icons (public/icon-192.png, icon-512.png, icon-maskable-512.png and
 * apple-touch-icon.png) from the favicon's design (public/favicon.svg), in Debian's Chromium through
 * Playwright (already a dependency of the browser tests), so the PNGs are the SVG exactly as a browser
 * paints it. Run once after changing the design: `node apps/web/scripts/make-icons.mjs`; the PNGs are kept
 * in the repository.
 *
 * The maskable icon fills its square with the background and keeps the mark inside the middle 80% (the
 * safe zone a launcher's mask never cuts); the others keep the favicon's rounded corners on transparency,
 * except the Apple one, which iOS rounds itself and wants opaque.
 */
import { readFile, writeFile } from "node:fs/promises";
import { chromium } from "playwright";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const publicDir = new URL("../public/", import.meta.url);
const BACKGROUND = "#0b1220";

const favicon = await readFile(new URL("favicon.svg", publicDir), "utf8");
/** The favicon's mark: everything inside its <svg> but the title and the rounded background square. */
const mark = favicon
  .replace(/^[\s\S]*?<svg[^>]*>/, "")
  .replace(/<\/svg>\s*$/, "")
  .replace(/<title>[\s\S]*?<\/title>/, "")
  .replace(/<rect[^>]*\/>/, "");

/** An SVG of `size` px: the mark on the background, scaled by `scale` about the centre. */
function icon(size, { rounded, scale }) {
  const offset = (32 - 32 * scale) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="${size}" height="${size}">
<rect width="32" height="32" ${rounded ? 'rx="8"' : ""} fill="${BACKGROUND}"/>
<g transform="translate(${offset} ${offset}) scale(${scale})">${mark}</g></svg>`;
}

const ICONS = [
  { file: "icon-192.png", size: 192, rounded: true, scale: 1 },
  { file: "icon-512.png", size: 512, rounded: true, scale: 1 },
  { file: "icon-maskable-512.png", size: 512, rounded: false, scale: 0.8 },
  { file: "apple-touch-icon.png", size: 180, rounded: false, scale: 0.86 },
];

const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const { file, size, ...options } of ICONS) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${icon(size, options)}</body></html>`,
    );
    const png = await page.locator("svg").screenshot({ omitBackground: true, type: "png" });
    await writeFile(new URL(file, publicDir), png);
    console.log(`${file}: ${size}×${size}, ${png.length} bytes`);
  }
} finally {
  await browser.close();
}
