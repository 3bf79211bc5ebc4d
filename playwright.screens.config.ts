import { defineConfig } from "@playwright/test";
import base from "./playwright.config";

// `npm run screens`: the screenshots of e2e/screens/screens.capture.ts on the same server the
// browser tests start (build first with `npx next build`). Not a test run.
export default defineConfig({
  ...base,
  testDir: "e2e/screens",
  testMatch: /\.capture\.ts$/,
  projects: [{ name: "screens" }],
  reporter: [["list"]],
  workers: 1,
});
