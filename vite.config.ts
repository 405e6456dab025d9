import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

const src = fileURLToPath(new URL("./src", import.meta.url));
const devApi = "http://127.0.0.1:3000";

/**
 * In production the server embeds the runtime config in index.html. In development Vite serves
 * index.html, so this asks the dev API server for the same values and embeds them the same way.
 */
function devAppConfig(): Plugin {
  return {
    name: "dev-app-config",
    apply: "serve",
    async transformIndexHtml() {
      let json = "{}";
      for (let attempt = 0; attempt < 50; attempt++) {
        try {
          json = await (await fetch(`${devApi}/__dev/app-config`)).text();
          break;
        } catch {
          await new Promise((resolve) => setTimeout(resolve, 200)); // API still starting
        }
      }
      return [
        {
          tag: "script",
          attrs: { id: "app-config", type: "application/json" },
          children: json.replace(/</g, "\\u003c"),
          injectTo: "head",
        },
      ];
    },
  };
}

export default defineConfig({
  root: "src/client",
  publicDir: "public",
  plugins: [react(), tailwindcss(), devAppConfig()],
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
        { target: devApi, changeOrigin: false },
      ]),
    ),
  },
});
