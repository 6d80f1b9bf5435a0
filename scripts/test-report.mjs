// Reads vitest's JSON report: how long each test file took, for the slowest-files list `npm test` prints.
import path from "node:path";

/** The `count` slowest files of a report's testResults, with their seconds, slowest first. */
export function slowestFiles(testResults, count, root = process.cwd()) {
  return testResults
    .map((result) => ({ file: path.relative(root, result.name), seconds: (result.endTime - result.startTime) / 1000 }))
    .filter(({ seconds }) => Number.isFinite(seconds))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count);
}
