// Reads vitest's JSON reports: how long each test file took, for the slowest-files list `npm test` prints, and one
// report from the lanes a full run starts.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/** The `count` slowest files of a report's testResults, with their seconds, slowest first. */
export function slowestFiles(testResults, count, root = process.cwd()) {
  return testResults
    .map((result) => ({ file: path.relative(root, result.name), seconds: (result.endTime - result.startTime) / 1000 }))
    .filter(({ seconds }) => Number.isFinite(seconds))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count);
}

const COUNTS = ["numTotalTests", "numPassedTests", "numFailedTests", "numPendingTests", "numTodoTests", "numTotalTestSuites", "numPassedTestSuites", "numFailedTestSuites", "numPendingTestSuites"];

/**
 * One report from several vitest processes' reports (the lanes of a full `npm test`): their counts summed, their
 * files together, `success` only when every one succeeded. A missing report counts as a failed lane.
 */
export function mergeReports(reports) {
  const merged = { success: reports.length > 0, startTime: Infinity, testResults: [] };
  for (const name of COUNTS) merged[name] = 0;
  for (const one of reports) {
    if (!one) {
      merged.success = false;
      continue;
    }
    for (const name of COUNTS) merged[name] += one[name] ?? 0;
    merged.success &&= one.success === true;
    merged.startTime = Math.min(merged.startTime, one.startTime ?? Infinity);
    merged.testResults.push(...(one.testResults ?? []));
  }
  if (!Number.isFinite(merged.startTime)) delete merged.startTime;
  return merged;
}

/** Reads the lanes' reports, writes their merge to `target` (and removes theirs), and returns it. */
export function writeMergedReport(files, target) {
  const merged = mergeReports(files.map((file) => {
    try {
      return JSON.parse(readFileSync(file, "utf8"));
    } catch {
      return null;
    }
  }));
  writeFileSync(target, JSON.stringify(merged));
  for (const file of files) rmSync(file, { force: true });
  return merged;
}
