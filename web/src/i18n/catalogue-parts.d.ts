// A language's catalogue split in two by src/i18n/core-sections.ts (see vite.config.ts).
declare module "virtual:catalogue/*" {
  const sections: Record<string, unknown>;
  export default sections;
}
