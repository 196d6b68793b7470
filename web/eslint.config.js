// ESLint flat config for the registry web app.
//
// - TypeScript: typescript-eslint's type-aware `strictTypeChecked` rules for src/ and vite.config.ts.
// - React hooks: eslint-plugin-react-hooks' `recommended-latest` (rules of hooks, exhaustive deps and the
//   React Compiler checks).
// - Imports: eslint-plugin-import-x with eslint-import-resolver-typescript, so `@/…` resolves to `src/…`
//   through tsconfig.app.json's `paths`.
// - Formatting is Prettier's job (`npm run format:check`); eslint-config-prettier comes last to switch off
//   any stylistic rule that could disagree with it.
//
// Architecture boundaries (import-x/no-restricted-paths, the bulletproof-react way). The code flows one way:
//
//   src/api, src/components, src/lib, src/i18n   shared: never import a feature or the app
//   src/features/<name>                          one feature: the shared code, itself, and another feature
//                                                only through that feature's `public.ts`; never the app
//   src/app                                      the wiring (entry, providers, router): the shared code,
//                                                each feature's `public.ts`, and its `routes.ts` (its pages)
//
// `src/features/<name>/public.ts` is the one entry a feature offers the rest of the code base. It exports
// exactly what another feature or the app uses, nothing more; grow it deliberately when a new need appears.
// `routes.ts` is the feature's pages for the router, most of them loaded on demand: kept apart from
// `public.ts` so that importing a feature's shared pieces never pulls its pages into the first load.
//
// Tests (`__tests__/`, `*.test.ts(x)`, `src/test/`) get slack: they may import `src/app/` to render the
// real providers, query client and routes, and another feature's pages (`routes.ts`). They still may not
// reach into another feature's internals, and production code may not import the test helpers in `src/test/`.
import { readdirSync } from "node:fs";
import js from "@eslint/js";
import prettier from "eslint-config-prettier/flat";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import { defineConfig, globalIgnores } from "eslint/config";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Every feature folder, so a new feature is fenced in without editing this file. */
const features = readdirSync(new URL("./src/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const publicEntries = (names) => names.map((name) => `./${name}/public.ts`);
const routeEntries = (names) => names.map((name) => `./${name}/routes.ts`);
const shared = ["./src/api", "./src/components", "./src/lib", "./src/i18n"];

/** The zones for import-x/no-restricted-paths; `tests` relaxes the app boundary for test files. */
function boundaryZones({ tests }) {
  const zones = [
    {
      target: shared,
      from: ["./src/features", "./src/app"],
      message: "Shared code (api, components, lib, i18n) must not depend on a feature or on the app.",
    },
    ...features.map((feature) => ({
      target: `./src/features/${feature}`,
      from: "./src/features",
      except: [
        `./${feature}`,
        ...publicEntries(features.filter((other) => other !== feature)),
        ...(tests ? routeEntries(features.filter((other) => other !== feature)) : []),
      ],
      message: `Import another feature only through its public entry, src/features/<name>/public.ts.`,
    })),
    {
      target: "./src/app",
      from: "./src/features",
      except: [...publicEntries(features), ...routeEntries(features)],
      message: "The app imports a feature only through its public.ts and its pages' routes.ts.",
    },
    {
      target: "./src/test",
      from: "./src/features",
      except: publicEntries(features),
      message: "Test helpers import a feature only through its public entry, src/features/<name>/public.ts.",
    },
  ];
  if (tests) return zones;
  return [
    ...zones,
    {
      target: "./src/features",
      from: "./src/app",
      message: "A feature must not import the app; the app imports features.",
    },
    {
      target: "./src",
      from: "./src/test",
      message: "Test helpers are for tests only.",
    },
  ];
}

const testFiles = ["src/**/__tests__/**", "src/**/*.test.{ts,tsx}", "src/test/**"];

export default defineConfig(
  globalIgnores(["dist/", "dist-ssr/", "node_modules/", "src/api/schema.d.ts", "test-results/"]),

  {
    name: "registry/javascript",
    files: ["**/*.{js,mjs,ts,tsx}"],
    extends: [js.configs.recommended, importX.flatConfigs.recommended],
    linterOptions: { reportUnusedDisableDirectives: "error" },
    languageOptions: { ecmaVersion: 2023, sourceType: "module" },
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.app.json" })],
    },
    rules: {
      "import-x/no-cycle": "error",
      "import-x/no-self-import": "error",
      "import-x/no-useless-path-segments": "error",
      "import-x/no-duplicates": ["error", { "prefer-inline": false }],
    },
  },

  {
    name: "registry/typescript",
    files: ["**/*.{ts,tsx}"],
    extends: [tseslint.configs.strictTypeChecked, importX.flatConfigs.typescript],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // TypeScript already checks that imported names, defaults and namespaces exist; typescript-eslint
      // recommends switching these import-x rules off for TypeScript (they are slow and duplicate the
      // compiler). no-named-as-default-member goes with them: i18next's default export *is* the instance
      // whose methods it also exports by name. import-x/no-unresolved stays on: it proves the resolver
      // understands `@/`, which no-restricted-paths depends on.
      "import-x/named": "off",
      "import-x/namespace": "off",
      "import-x/default": "off",
      "import-x/no-named-as-default-member": "off",
      // The catalogue's parts are made by a Vite plugin (vite.config.ts); src/i18n/catalogue-parts.d.ts types them.
      "import-x/no-unresolved": ["error", { ignore: ["^virtual:catalogue/"] }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-import-type-side-effects": "error",
      // `onClick={() => setOpen(false)}` is idiomatic React; a void call in any other position is still flagged.
      "@typescript-eslint/no-confusing-void-expression": ["error", { ignoreArrowShorthand: true }],
      // Template literals with numbers are everywhere in the UI (counts, pages, years) and are fine.
      "@typescript-eslint/restrict-template-expressions": ["error", { allowNumber: true }],
    },
  },

  {
    name: "registry/react",
    files: ["src/**/*.{ts,tsx}"],
    extends: [reactHooks.configs.flat["recommended-latest"]],
    languageOptions: { globals: globals.browser },
    rules: {
      "react-hooks/exhaustive-deps": "error",
      "import-x/no-restricted-paths": ["error", { zones: boundaryZones({ tests: false }) }],
    },
  },

  {
    name: "registry/zod",
    files: ["src/**/*.{ts,tsx}"],
    ignores: ["src/lib/zod.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { paths: [{ name: "zod", message: "Import zod from @/lib/zod, which sets it up for the site's CSP." }] },
      ],
    },
  },

  {
    name: "registry/tests",
    files: testFiles,
    rules: {
      // `element.parentElement!` and `calls.at(-1)!` in a test: a wrong assumption fails the test anyway.
      "@typescript-eslint/no-non-null-assertion": "off",
      "import-x/no-restricted-paths": ["error", { zones: boundaryZones({ tests: true }) }],
    },
  },

  {
    name: "registry/node",
    files: ["*.{js,ts}", "e2e/**/*.mjs", "scripts/**/*.mjs"],
    languageOptions: { globals: globals.node },
  },

  prettier,
);
