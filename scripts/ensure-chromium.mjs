// Makes sure the end-to-end tests have a browser: Playwright's own download is not an option here.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { findChromium } from './chromium.mjs';

const found = findChromium();
if (found) {
  console.log(`Browser for end-to-end tests: ${found}`);
  process.exit(0);
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const isDebian = fs.existsSync('/etc/debian_version');
if (isRoot && isDebian) {
  console.log("No Chromium found: installing Debian's chromium package with apt-get…");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium', 'fonts-dejavu-core'], { stdio: 'inherit', env });
  const installed = findChromium();
  if (installed) {
    console.log(`Installed ${installed}`);
    process.exit(0);
  }
}

console.error(`The end-to-end tests need Chromium or Google Chrome, and none was found.
Install one, for example:
  Debian/Ubuntu:  sudo apt-get install chromium
  Fedora:         sudo dnf install chromium
  macOS:          brew install --cask chromium
or point CHROME_PATH at an existing Chrome/Chromium binary, then run npm test again.`);
process.exit(1);
