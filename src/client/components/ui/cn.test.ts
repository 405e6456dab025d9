import { describe, expect, it } from "vitest";
import { cn } from "./cn";

describe("cn", () => {
  it("lets a later utility override an earlier one of the same group", () => {
    expect(cn("h-10 px-4", "h-11")).toBe("px-4 h-11");
    expect(cn("size-10", "w-12")).toBe("size-10 w-12");
    expect(cn("w-4 h-4", "size-6")).toBe("size-6");
    expect(cn("px-4 py-2", "p-0")).toBe("p-0");
    expect(cn("p-4", "px-2")).toBe("p-4 px-2");
    expect(cn("text-sm text-muted-foreground", "text-lg")).toBe("text-muted-foreground text-lg");
    expect(cn("text-sm text-muted-foreground", "text-primary")).toBe("text-sm text-primary");
    expect(cn("bg-primary hover:bg-primary-hover", "bg-destructive")).toBe(
      "hover:bg-primary-hover bg-destructive",
    );
    expect(cn("border border-border", "border-primary")).toBe("border border-primary");
    expect(cn("rounded-md shadow-card", "rounded-full shadow-none")).toBe(
      "rounded-full shadow-none",
    );
    expect(cn("font-medium", "font-semibold")).toBe("font-semibold");
    expect(cn("flex", "hidden")).toBe("hidden");
    expect(cn("md:flex", "hidden")).toBe("md:flex hidden");
  });

  it("keeps utilities of different groups, and ones it does not know", () => {
    expect(cn("text-center text-balance text-sm text-foreground")).toBe(
      "text-center text-balance text-sm text-foreground",
    );
    expect(cn("bg-gradient-to-b from-secondary bg-background")).toBe(
      "bg-gradient-to-b from-secondary bg-background",
    );
    expect(cn("outline-none ring-1", "ring-primary")).toBe("outline-none ring-1 ring-primary");
    expect(cn("a", false, null, undefined, { b: true, c: false }, ["d"])).toBe("a b d");
  });
});
