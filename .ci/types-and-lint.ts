// The type check and the typed lint on one TypeScript program: `tsc` and typescript-eslint would
// each build their own from tsconfig.json, and building it is most of either's time.
import { ESLint } from 'eslint';
import ts from 'typescript';

const root = process.cwd();
/** The app, its service worker and the Agents SDK example (other globals: a worker's, Cloudflare's): each one program. */
const CONFIGS = ['tsconfig.json', 'src/app/pwa/service-worker/tsconfig.json', 'src/agent/cloudflare/helper/tsconfig.json'];

function programOf(configFile: string): ts.Program {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    configFile,
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => console.error(ts.flattenDiagnosticMessageText(d.messageText, '\n')) },
  );
  if (!parsed) process.exit(1);
  return ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options, projectReferences: parsed.projectReferences });
}
const programs = CONFIGS.map(programOf);

const typeErrors = programs.flatMap((program) => ts.getPreEmitDiagnostics(program));
if (typeErrors.length > 0) {
  const host = { getCanonicalFileName: (f: string) => f, getCurrentDirectory: () => root, getNewLine: () => '\n' };
  console.log(ts.formatDiagnosticsWithColorAndContext(typeErrors, host));
}

// The files eslint.config.js lints, each read in the program that holds it.
const eslint = new ESLint({ overrideConfig: { languageOptions: { parserOptions: { programs, projectService: false } } } });
const results = await eslint.lintFiles(['.']);
const formatted = await (await eslint.loadFormatter('stylish')).format(results);
if (formatted) console.log(formatted);
const lintErrors = results.reduce((n, r) => n + r.errorCount, 0);
console.log(`[types-and-lint] ${typeErrors.length} type errors, ${lintErrors} lint errors in ${results.length} files`);
process.exit(typeErrors.length > 0 || lintErrors > 0 ? 1 : 0);
