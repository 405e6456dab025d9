import softwareEngineer from "./software-engineer.json";
import dataAnalyst from "./data-analyst.json";
import productManager from "./product-manager.json";
import projectManager from "./project-manager.json";
import sales from "./sales.json";
import customerSupport from "./customer-support.json";
import marketing from "./marketing.json";
import nurse from "./nurse.json";
import teacher from "./teacher.json";
import accountant from "./accountant.json";

/**
 * Question sets for real jobs (docs/decisions/0072): one reviewed file per role, in the bank's format
 * (docs/decisions/0035) with `role`, `levels`, `skills` and `keyPoints`. They join the general
 * bank, so the offline recogniser hears them and the answerer and rubric know them.
 */
export const roleQuestionSets: unknown[] = [
  ...softwareEngineer,
  ...dataAnalyst,
  ...productManager,
  ...projectManager,
  ...sales,
  ...customerSupport,
  ...marketing,
  ...nurse,
  ...teacher,
  ...accountant,
];
