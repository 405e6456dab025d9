// The npm registry mirror on our build machines lacks some platform-specific optional packages
// (e.g. @tailwindcss/oxide-darwin-arm64), so `npm install` leaves them out of package-lock.json
// and `npm ci` then refuses the lock file. This adds a lock entry for each missing optional
// platform package, marked with its os/cpu, so npm skips it on other platforms as it should.
// Run after any `npm install` that changes the lock: node scripts/fix-lockfile.mjs
import { readFileSync, writeFileSync } from "node:fs";

const file = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(file, "utf8"));
const platform = (name) => {
  const os = ["android", "darwin", "freebsd", "linux", "win32", "openbsd", "sunos", "aix"].find(
    (o) => name.includes(`-${o}-`),
  );
  const cpu = [
    "arm64",
    "x64",
    "ia32",
    "arm",
    "wasm32",
    "riscv64",
    "s390x",
    "ppc64",
    "loong64",
  ].find((c) => new RegExp(`-${c}(-|$)`).test(name));
  return { ...(os && { os: [os] }), ...(cpu && { cpu: [cpu] }) };
};

let added = 0;
for (const [key, entry] of Object.entries(lock.packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const base = key === "" ? "" : `${key}/`;
    if (lock.packages[`${base}node_modules/${dep}`] || lock.packages[`node_modules/${dep}`])
      continue;
    const target = platform(dep);
    if (!target.cpu && !target.os) continue; // not a platform package: leave it to npm
    lock.packages[`node_modules/${dep}`] = {
      version,
      ...(entry.dev && { dev: true }),
      optional: true,
      ...target,
    };
    added++;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) =>
    a === "" ? -1 : b === "" ? 1 : a.localeCompare(b),
  ),
);
writeFileSync(file, JSON.stringify(lock, null, 2) + "\n");
console.info(`added ${added} missing optional platform entries`);
