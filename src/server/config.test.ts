import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

describe("loadConfig", () => {
  it("runs on built-in defaults with no environment at all", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: "127.0.0.1",
      siteUrl: "http://localhost:3000",
      dataDir: path.resolve(".data"),
      databaseUrl: undefined,
      logLevel: "info",
    });
  });

  it("derives SITE_URL from PORT and trims a trailing slash from an explicit one", () => {
    expect(loadConfig({ PORT: "8080" }).siteUrl).toBe("http://localhost:8080");
    expect(loadConfig({ SITE_URL: "https://coach.example.com/", BILLING: "test" }).siteUrl).toBe(
      "https://coach.example.com",
    );
  });

  it("treats an empty optional URL as unset", () => {
    expect(loadConfig({ DATABASE_URL: "" }).databaseUrl).toBeUndefined();
  });

  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
    [{ SITE_URL: "not a url" }, "SITE_URL"],
    [{ DATABASE_URL: "mysql://localhost/db" }, "DATABASE_URL"],
    [{ DATA_DIR: " " }, "DATA_DIR"],
    [{ AI_TRANSCRIBER: "cloud" }, "AI_TRANSCRIBER"],
    [{ AI_TRANSCRIBER: "openai" }, "AI_TRANSCRIBER"],
    [{ AI_ANSWERER: "openai", OPENAI_API_KEY: " " }, "AI_ANSWERER"],
  ])("refuses %o and names %s", (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    try {
      loadConfig(env);
    } catch (error) {
      expect((error as ConfigError).problems.join("\n")).toContain(variable);
    }
  });

  it("lists every problem at once", () => {
    try {
      loadConfig({ PORT: "x", LOG_LEVEL: "y" });
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigError).problems).toHaveLength(2);
    }
  });

  it("lists an AI engine without a server among the other problems, once", () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        return (error as ConfigError).problems;
      }
      return [];
    };
    expect(problems({ PORT: "x", AI_TRANSCRIBER: "openai", AI_ANSWERER: "openai" })).toEqual([
      expect.stringContaining("PORT"),
      "AI_TRANSCRIBER: is openai but neither OPENAI_API_KEY nor AI_BASE_URL is set",
      "AI_ANSWERER: is openai but neither OPENAI_API_KEY nor AI_BASE_URL is set",
    ]);
    // A bad base URL is its own problem, not also a missing server.
    expect(problems({ AI_ANSWERER: "openai", AI_BASE_URL: "ftp://x" })).toEqual([
      expect.stringMatching(/^AI_BASE_URL: /),
    ]);
  });

  it("resolves auto engines: OpenAI-compatible when a key or base URL is set, else offline", () => {
    const engines = (env: Record<string, string>) => {
      const { transcriber, answerer } = loadConfig(env).ai;
      return { transcriber, answerer };
    };
    expect(engines({})).toEqual({ transcriber: "offline", answerer: "offline" });
    expect(engines({ OPENAI_API_KEY: "sk-test" })).toEqual({
      transcriber: "openai",
      answerer: "openai",
    });
    expect(
      engines({ AI_BASE_URL: "http://127.0.0.1:11434/v1", AI_TRANSCRIBER: "offline" }),
    ).toEqual({ transcriber: "offline", answerer: "openai" });
    expect(engines({ AI_BASE_URL: "http://127.0.0.1:11434/v1", AI_ANSWERER: "openai" })).toEqual({
      transcriber: "openai",
      answerer: "openai",
    });
  });
});
