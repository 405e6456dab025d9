import { z } from "zod";

/**
 * The jobs the question bank has sets for (docs/decisions/0072), and the seniority a question suits. Used by
 * the bank's schema, the session functions and the pickers on the practice page.
 */
export const roles = [
  { id: "software-engineer", label: "Software engineer" },
  { id: "data-analyst", label: "Data analyst" },
  { id: "product-manager", label: "Product manager" },
  { id: "project-manager", label: "Project manager" },
  { id: "sales", label: "Sales representative" },
  { id: "customer-support", label: "Customer support" },
  { id: "marketing", label: "Marketing" },
  { id: "nurse", label: "Nurse" },
  { id: "teacher", label: "Teacher" },
  { id: "accountant", label: "Accountant" },
] as const;

export type RoleId = (typeof roles)[number]["id"];
/** A role's label, or the id itself for one we no longer list. */
export const roleLabel = (id: string): string => roles.find((role) => role.id === id)?.label ?? id;

const roleIds = roles.map((role) => role.id) as [RoleId, ...RoleId[]];
export const roleIdSchema = z.enum(roleIds, { error: "role must be one of the listed roles" });

export const levels = ["entry", "mid", "senior"] as const;
export const levelSchema = z.enum(levels, { error: "level must be entry, mid or senior" });
