import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const src = fileURLToPath(new URL("./src", import.meta.url));

export default defineConfig({
  root: "src/client",
  publicDir: "public",
  plugins: [react(), tailwindcss()],
  resolve: { alias: { "@": src } },
  build: {
    outDir: "../../dist/client",
    emptyOutDir: true,
    target: "es2022",
    sourcemap: false,
  },
  server: {
    port: 5173,
    // In development the API runs separately (npm run dev starts both).
    proxy: Object.fromEntries(
      ["/auth/v1", "/functions/v1", "/billing", "/health"].map((path) => [
        path,
        { target: "http://127.0.0.1:3000", changeOrigin: false },
      ]),
    ),
  },
});
