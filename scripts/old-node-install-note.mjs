/**
 * Run by `npm install` / `npm ci` in this repository: the root's `postprepare` script, which npm runs
 * for the project itself only (a dependency's `prepare`, from a tarball or git, is an install script
 * that npm's `allowScripts` policy flags; its `postprepare` never runs). On a Node.js older than the
 * 22 every package here asks for, npm would print one EBADENGINE block per package (about 55, 280
 * lines); the repository's `.npmrc` sets `loglevel=error` so that it does not, and this says it once,
 * with what is true: the scripts run on the Node.js 22 of the `node` devDependency, which `npm run`
 * and `npx` put first on the PATH. Plain JavaScript, so that it runs on the old Node too when the
 * devDependencies were omitted.
 */
const MINIMUM_MAJOR = 22;

/** The Node.js npm itself runs on, from the user agent npm gives its scripts: `npm/11.6.2 node/v20.20.2 linux x64`. */
const npmNode = /\bnode\/v(\d+)\.\S*/.exec(process.env.npm_config_user_agent ?? '');
const major = (version) => Number.parseInt(version, 10);

if (npmNode && major(npmNode[1]) < MINIMUM_MAJOR) {
  const npmNodeVersion = npmNode[0].slice('node/'.length);
  const scriptsRunOn =
    major(process.versions.node) >= MINIMUM_MAJOR
      ? `the scripts (npm run, npx) run on Node.js ${process.version}, the \`node\` devDependency`
      : `install Node.js ${MINIMUM_MAJOR} or later to run the scripts (the \`node\` devDependency was not installed)`;
  console.log(
    `generation-agent-toolkit: npm ran on Node.js ${npmNodeVersion}, older than the ${MINIMUM_MAJOR} these packages need, so its EBADENGINE warnings are hidden (.npmrc loglevel=error); ${scriptsRunOn}.`,
  );
}
