// Stricter checks on top of the suite's own, read from its checks.json files.
//
// Some scenarios accept any result of the right shape: tools-call-simple-text passes when the text is
// an error message, tools-call-error passes on any isError result. These checks make sure the tools
// really ran: the simple-text result is a success carrying the fixture's sentence, and the error result
// carries the fixture ability's own message (not, say, an argument-validation failure).
//
// Usage: node verify-results.mjs RESULTS_DIR   (exit 1 with a message per problem)
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
if (!dir || !fs.existsSync(dir)) {
  console.error(`verify-results: no results folder ${dir}`);
  process.exit(2);
}

/** checks.json of the newest run of a scenario, or null when it did not run. */
function checks(scenario) {
  const runs = fs
    .readdirSync(dir)
    .filter((d) => d.startsWith(`server-${scenario}-`) && /^\d{4}-/.test(d.slice(`server-${scenario}-`.length)))
    .sort();
  if (runs.length === 0) return null;
  return JSON.parse(fs.readFileSync(path.join(dir, runs[runs.length - 1], 'checks.json'), 'utf8'));
}

const problems = [];
let verified = 0;
const expectations = {
  'tools-call-simple-text': (result) => {
    if (result?.isError === true) return `the tool returned an error: ${JSON.stringify(result.content)}`;
    const text = (result?.content ?? []).filter((c) => c.type === 'text').map((c) => c.text).join('\n');
    if (!text.includes('This is a simple text response for testing.')) return `unexpected text: ${text.slice(0, 300)}`;
    return null;
  },
  'tools-call-error': (result) => {
    if (result?.isError !== true) return 'not an error result';
    const text = result?.content?.[0]?.text;
    if (text !== 'This tool intentionally returns an error for testing') return `not the ability's own error: ${text}`;
    return null;
  },
};

for (const [scenario, expect] of Object.entries(expectations)) {
  const list = checks(scenario);
  if (list === null) continue; // not part of this run (CONFORMANCE_SCENARIO)
  const check = list.find((c) => c.id === scenario);
  const problem = check ? expect(check.details?.result) : 'no check with the scenario id';
  if (problem) problems.push(`${scenario}: ${problem}`);
  else verified++;
}

for (const p of problems) console.error(`verify-results: ${p}`);
console.error(`verify-results: ${verified} result(s) verified, ${problems.length} problem(s)`);
process.exit(problems.length > 0 ? 1 : 0);
