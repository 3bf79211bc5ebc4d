import { seedCategoryDescriptions } from "@/lib/domains/categories/seed-descriptions";
import { bareFlag, defineCommand, wrongCall } from "./registry";

const USAGE = "categories:seed-descriptions [--dry-run] [--force]";

export const categoriesSeedDescriptionsCommand = defineCommand({
  description: "Fill empty German and English category descriptions with texts composed from the category tree.",
  usage: USAGE,
  help: [
    "Each text names the category, its portal, its parent and its active subcategories; the same",
    "tree always gives the same texts. Descriptions an editor wrote are kept unless --force.",
    "  --dry-run    print what would be written and write nothing",
    "  --force      also replace descriptions that are not empty",
  ],
  flags: ["dry-run", "force"],
  async run(args, io) {
    const dryRun = bareFlag(args, "dry-run");
    const force = bareFlag(args, "force");
    for (const wrong of [dryRun, force]) if (typeof wrong === "string") return wrongCall(io, USAGE, wrong);
    const { planned, written } = await seedCategoryDescriptions({ dryRun: dryRun === true, force: force === true });
    for (const p of planned) {
      const language = p.field === "descriptionDe" ? "de" : "en";
      io.out(`${p.portal}/${p.slug} [${language}]${p.current?.trim() ? " (replaces)" : ""}: ${p.text}`);
    }
    const categories = new Set(planned.map((p) => p.categoryId)).size;
    const counted = (n: number) => `${n} description${n === 1 ? "" : "s"} of ${categories} categor${categories === 1 ? "y" : "ies"}`;
    io.out(dryRun ? `dry run, nothing written: would write ${counted(planned.length)}` : `wrote ${counted(written)}`);
    return 0;
  },
});
