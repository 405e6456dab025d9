// First, before any zod module loads (decision 0068).
import "@/client/lib/zod-setup";
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app";
import "./styles.css";

const container = document.getElementById("root")!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// The build pre-renders the landing page into index.html (scripts/prerender.mjs): there React
// adopts the existing markup; every other route starts from the empty shell.
if (location.pathname === "/" && container.firstElementChild) {
  hydrateRoot(container, app);
} else {
  createRoot(container).render(app);
}
