// `npm run dev`: Vite (client, hot reload) on :5173 proxying the API to the server on :3000,
// which tsx restarts on every change.
import { spawn } from "node:child_process";
import { root } from "./build-info.mjs";

const bin = (name) => `${root}/node_modules/.bin/${name}`;
const children = [
  spawn(bin("tsx"), ["watch", "--clear-screen=false", "src/server/main.ts"], {
    cwd: root,
    stdio: "inherit",
    env: { NODE_ENV: "development", SITE_URL: "http://localhost:5173", ...process.env },
  }),
  spawn(bin("vite"), [], { cwd: root, stdio: "inherit" }),
];

const stop = () => children.forEach((child) => child.kill("SIGTERM"));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.on("exit", (code) => code && stop());
